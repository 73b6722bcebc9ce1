// E-mailed one-time tokens, as GoTrue makes them: a 6-digit code, its hash
// sha224(email + code) stored on the user (with "pkce_" in front for PKCE
// flows) and in auth.one_time_tokens, and a /verify link carrying the hash.
import { createHash, randomInt } from 'node:crypto';
import type { StackContext } from '../context.ts';
import type { Queryable } from '../db/adapter.ts';
import { AuthError } from './errors.ts';
import { PKCE_PREFIX } from './pkce.ts';

export type MailKind = 'recovery' | 'invite';

export const tokenHash = (email: string, otp: string) => createHash('sha224').update(email.toLowerCase() + otp).digest('hex');

const COLUMN = { recovery: ['recovery_token', 'recovery_sent_at'], invite: ['confirmation_token', 'confirmation_sent_at'] } as const;
const OTT_TYPE = { recovery: 'recovery_token', invite: 'confirmation_token' } as const;

/** GoTrue's per-address mail frequency limit: 429 over_email_send_rate_limit. */
export async function checkFrequency(db: Queryable, userId: string, kind: MailKind, seconds: number): Promise<void> {
  if (seconds <= 0) return;
  const [, sentCol] = COLUMN[kind];
  const { rows } = await db.query<{ left: number }>(
    `select ceil(extract(epoch from ${sentCol} + make_interval(secs => $2) - now()))::int as left
       from auth.users where id = $1 and ${sentCol} + make_interval(secs => $2) > now()`,
    [userId, seconds],
  );
  if (rows[0]) throw new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${rows[0].left} seconds.`);
}

/** Stores a fresh token for the user; returns the code and the link token. */
export async function createOneTimeToken(db: Queryable, user: { id: string; email: string }, kind: MailKind, pkce: boolean) {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const hashed = (pkce ? PKCE_PREFIX : '') + tokenHash(user.email, otp);
  const [tokenCol, sentCol] = COLUMN[kind];
  await db.query(`update auth.users set ${tokenCol} = $2, ${sentCol} = now(), updated_at = now() where id = $1`, [user.id, hashed]);
  await db.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to) values ($1, $2, $3, $4)
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`,
    [user.id, OTT_TYPE[kind], hashed, user.email],
  );
  return { otp, hashed };
}

export function verifyLink(ctx: StackContext, hashed: string, type: string, redirectTo: string): string {
  const q = new URLSearchParams({ token: hashed, type, redirect_to: redirectTo });
  return `${ctx.apiUrl}/auth/v1/verify?${q}`;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** Supabase's default templates, in substance: a heading, a link, the code. */
export function sendMail(ctx: StackContext, to: string, kind: MailKind, link: string, otp: string) {
  const t =
    kind === 'recovery'
      ? { subject: 'Reset Your Password', heading: 'Reset Password', lead: 'Follow this link to reset the password for your user:', action: 'Reset Password' }
      : { subject: 'You have been invited', heading: 'You have been invited', lead: `You have been invited to create a user on ${ctx.config.siteUrl}. Follow this link to accept the invite:`, action: 'Accept the invite' };
  ctx.outbox.send({
    to,
    subject: t.subject,
    text: `${t.heading}\n\n${t.lead}\n${link}\n\nAlternatively, enter the code: ${otp}\n`,
    html: `<h2>${esc(t.heading)}</h2>\n<p>${esc(t.lead)}</p>\n<p><a href="${esc(link)}">${esc(t.action)}</a></p>\n<p>Alternatively, enter the code: ${otp}</p>\n`,
  });
}
