// PKCE flow state (auth.flow_state): created by /recover (and /authorize)
// with the client's code challenge, turned into an auth code by /verify, and
// exchanged once for a session by /token?grant_type=pkce.
import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import { badRequest } from './errors.ts';

export const PKCE_PREFIX = 'pkce_';

/** GoTrue's validatePKCEParams; returns the method normalised ('s256' | 'plain') or null (implicit flow). */
export function validatePkceParams(method: string, challenge: string): string | null {
  if ((challenge === '') !== (method === '')) throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  if (challenge === '') return null;
  if (challenge.length < 43 || challenge.length > 128) throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) throw badRequest('validation_failed', 'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes');
  const m = method.toLowerCase();
  if (m !== 's256' && m !== 'plain') throw badRequest('validation_failed', `code challenge method not supported: ${method}`);
  return m;
}

export async function createFlowState(db: Queryable, p: { userId: string | null; method: string; challenge: string; provider: string; authMethod: string }): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [id, p.userId, randomUUID(), p.method, p.challenge, p.provider, p.authMethod],
  );
  return id;
}

/** The newest flow state of the user for this method gets its auth code issued. */
export async function issueAuthCode(db: Queryable, userId: string, authMethod: string): Promise<string> {
  const { rows } = await db.query<{ id: string; auth_code: string }>(
    `select id::text, auth_code from auth.flow_state where user_id = $1 and authentication_method = $2 order by created_at desc limit 1`,
    [userId, authMethod],
  );
  if (!rows[0]) throw badRequest('flow_state_not_found', 'No associated flow state found. 422: No valid flow state found for user.');
  await db.query(`update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1`, [rows[0].id]);
  return rows[0].auth_code;
}

export function verifyChallenge(challenge: string, method: string, verifier: string): boolean {
  if (method.toLowerCase() === 's256') return createHash('sha256').update(verifier).digest('base64url') === challenge;
  if (method.toLowerCase() === 'plain') return challenge === verifier;
  return false;
}
