// GoTrue's user JSON, built from auth.users + auth.identities. Timestamps are
// formatted in SQL as RFC 3339 UTC so PGlite and Postgres answer alike.
import type { Queryable } from '../db/adapter.ts';

const ts = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const USER_SQL = `
select jsonb_build_object(
  'id', u.id, 'aud', coalesce(u.aud, ''), 'role', coalesce(u.role, ''), 'email', coalesce(u.email, ''),
  'email_confirmed_at', ${ts('u.email_confirmed_at')},
  'invited_at', ${ts('u.invited_at')},
  'phone', coalesce(u.phone, ''),
  'phone_confirmed_at', ${ts('u.phone_confirmed_at')},
  'confirmation_sent_at', ${ts('u.confirmation_sent_at')},
  'confirmed_at', ${ts('least(u.email_confirmed_at, u.phone_confirmed_at)')},
  'recovery_sent_at', ${ts('u.recovery_sent_at')},
  'last_sign_in_at', ${ts('u.last_sign_in_at')},
  'app_metadata', u.raw_app_meta_data,
  'user_metadata', u.raw_user_meta_data,
  'identities', coalesce((
    select jsonb_agg(jsonb_build_object(
      'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id, 'identity_data', i.identity_data,
      'provider', i.provider, 'last_sign_in_at', ${ts('i.last_sign_in_at')},
      'created_at', ${ts('i.created_at')}, 'updated_at', ${ts('i.updated_at')}, 'email', i.email
    ) order by i.created_at) from auth.identities i where i.user_id = u.id), '[]'::jsonb),
  'created_at', ${ts('u.created_at')},
  'updated_at', ${ts('u.updated_at')},
  'banned_until', ${ts('u.banned_until')},
  'is_anonymous', u.is_anonymous
)::text as json
from auth.users u`;

// Fields GoTrue marshals with `omitempty`: absent rather than null.
const OMIT_EMPTY = ['email_confirmed_at', 'invited_at', 'phone_confirmed_at', 'confirmation_sent_at', 'confirmed_at', 'recovery_sent_at', 'last_sign_in_at', 'banned_until'];

export type UserJson = Record<string, unknown> & { id: string; email: string };

function clean(text: string): UserJson {
  const user = JSON.parse(text) as UserJson;
  for (const k of OMIT_EMPTY) if (user[k] === null) delete user[k];
  for (const i of user.identities as Record<string, unknown>[]) {
    if (i.last_sign_in_at === null) delete i.last_sign_in_at;
    if (i.email === null) delete i.email;
  }
  return user;
}

export async function userJson(db: Queryable, id: string): Promise<UserJson | null> {
  const { rows } = await db.query<{ json: string }>(`${USER_SQL} where u.id = $1`, [id]);
  return rows[0] ? clean(rows[0].json) : null;
}

/** One page of users, newest first (GoTrue's default sort: created_at desc). */
export async function listUsers(db: Queryable, limit: number, offset: number): Promise<UserJson[]> {
  const { rows } = await db.query<{ json: string }>(`${USER_SQL} where u.deleted_at is null order by u.created_at desc, u.id limit $1 offset $2`, [limit, offset]);
  return rows.map((r) => clean(r.json));
}

export interface UserRow {
  id: string;
  email: string | null;
  encrypted_password: string | null;
  banned: boolean;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `select id::text, email, encrypted_password, coalesce(banned_until > now(), false) as banned
       from auth.users where lower(email) = lower($1) and is_sso_user = false and deleted_at is null limit 1`,
    [email],
  );
  return rows[0] ?? null;
}
