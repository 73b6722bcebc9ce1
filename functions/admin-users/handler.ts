// admin-users: create, update, delete staff and set roles: admins only
// (checked from the caller's JWT and users row). Bodies:
//   { action: 'create', email, password, fullname, username, phone_number? } → 201 { user }
//   { action: 'update', id, fullname?, phone_number?, username?, email? }    → 200 { user }
//   { action: 'set-role', id, role: 'admin' | 'staff' }                      → 200 { user }
//   { action: 'delete', id }                                                 → 200 { deleted: id }
// Errors: { error: { code, message } } with 400/403/404/409/422/500.
import type { SupabaseClient } from '@supabase/supabase-js';
import { HttpError, badRequest, handler, idField, json, readBody } from '../_shared/http.ts';
import { serviceClient, staffCaller, type Caller } from '../_shared/supabase.ts';

const COLUMNS = 'id, uuid, email, username, fullname, phone_number, role, profile_picture_url, created_at';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const optionalText = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** A users-table error as the console's codes and the seed's messages. */
function profileError(error: { code?: string; message: string; details?: string | null }, fallback: string): HttpError {
  const m = `${error.message} ${error.details ?? ''}`;
  if (/Email already in use|users_email_key/i.test(m)) return new HttpError(409, 'email_exists', 'Email already in use');
  if (/Username already taken|users_username_key/i.test(m)) return new HttpError(409, 'username_exists', 'Username already taken');
  if (/last admin/i.test(m)) return new HttpError(409, 'last_admin', error.message);
  if (error.code === '23514') return new HttpError(400, 'validation_failed', error.message);
  return new HttpError(500, 'internal_error', fallback);
}

async function taken(db: SupabaseClient, column: 'email' | 'username', value: string, exceptId?: number): Promise<boolean> {
  let q = db.from('users').select('id').ilike(column, value.replace(/[\\%_]/g, (c) => `\\${c}`));
  if (exceptId !== undefined) q = q.neq('id', exceptId);
  const { data, error } = await q.limit(1);
  if (error) throw new Error(`duplicate check failed: ${error.message}`);
  return (data ?? []).length > 0;
}

async function loadProfile(db: SupabaseClient, id: number) {
  const { data, error } = await db.from('users').select(COLUMNS).eq('id', id).maybeSingle();
  if (error) throw new Error(`profile lookup failed: ${error.message}`);
  if (!data) throw new HttpError(404, 'not_found', 'User not found');
  return data as { id: number; uuid: string; email: string; role: string; profile_picture_url: string | null };
}

async function create(db: SupabaseClient, body: Record<string, unknown>) {
  const fullname = text(body.fullname);
  const username = text(body.username);
  const email = text(body.email);
  const password = typeof body.password === 'string' ? body.password : '';
  if (!fullname) throw badRequest('Full name field is required');
  if (!username) throw badRequest('Username field is required');
  if (!email) throw badRequest('Email field is required');
  if (!password) throw badRequest('Password field is required');
  if (await taken(db, 'email', email)) throw new HttpError(409, 'email_exists', 'Email already in use');
  if (await taken(db, 'username', username)) throw new HttpError(409, 'username_exists', 'Username already taken');

  const { data: created, error: authError } = await db.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { fullname },
  });
  if (authError || !created.user) {
    const code = (authError as { code?: string } | null)?.code;
    if (code === 'email_exists' || /already been registered|already exists/i.test(authError?.message ?? '')) {
      throw new HttpError(409, 'email_exists', 'Email already in use');
    }
    if (code === 'weak_password') {
      const reasons = (authError as { reasons?: string[] }).reasons ?? [];
      throw new HttpError(422, 'weak_password', authError!.message, { reasons });
    }
    if (code === 'validation_failed' || authError?.status === 400) throw new HttpError(400, 'validation_failed', authError!.message);
    throw new HttpError(500, 'internal_error', 'Failed to add user');
  }
  const uuid = created.user.id;
  const { data: row, error } = await db
    .from('users')
    .insert({ uuid, email, username, fullname, phone_number: optionalText(body.phone_number), role: 'staff' })
    .select(COLUMNS)
    .single();
  if (error || !row) {
    // Undo the auth account, so no half-made user is left behind.
    const undo = await db.auth.admin.deleteUser(uuid);
    if (undo.error) console.error(`admin-users: could not undo auth account ${uuid}: ${undo.error.message}`);
    throw error ? profileError(error, 'Failed to add user') : new HttpError(500, 'internal_error', 'Failed to add user');
  }
  return json({ user: row }, 201);
}

async function update(db: SupabaseClient, body: Record<string, unknown>) {
  const id = idField(body, 'id');
  const current = await loadProfile(db, id);
  const patch: Record<string, unknown> = {};
  if ('fullname' in body) {
    if (!text(body.fullname)) throw badRequest('Full name field is required');
    patch.fullname = text(body.fullname);
  }
  if ('phone_number' in body) patch.phone_number = optionalText(body.phone_number);
  if ('username' in body) {
    if (!text(body.username)) throw badRequest('Username field is required');
    if (await taken(db, 'username', text(body.username), id)) throw new HttpError(409, 'username_exists', 'Username already taken');
    patch.username = text(body.username);
  }
  const newEmail = 'email' in body ? text(body.email) : null;
  if (newEmail !== null) {
    if (!newEmail) throw badRequest('Email field is required');
    if (await taken(db, 'email', newEmail, id)) throw new HttpError(409, 'email_exists', 'Email already in use');
    patch.email = newEmail;
  }
  if (newEmail && newEmail.toLowerCase() !== current.email.toLowerCase()) {
    const { error } = await db.auth.admin.updateUserById(current.uuid, { email: newEmail, email_confirm: true });
    if (error) {
      if ((error as { code?: string }).code === 'email_exists') throw new HttpError(409, 'email_exists', 'Email already in use');
      throw new HttpError(500, 'internal_error', 'Failed to update users');
    }
  }
  const { data, error } = await db.from('users').update(patch).eq('id', id).select(COLUMNS).single();
  if (error) {
    if (newEmail && newEmail.toLowerCase() !== current.email.toLowerCase()) {
      await db.auth.admin.updateUserById(current.uuid, { email: current.email, email_confirm: true });
    }
    throw profileError(error, 'Failed to update users');
  }
  return json({ user: data });
}

async function setRole(db: SupabaseClient, caller: Caller, body: Record<string, unknown>) {
  const id = idField(body, 'id');
  const role = body.role;
  if (role !== 'admin' && role !== 'staff') throw badRequest('Role must be admin or staff');
  const target = await loadProfile(db, id);
  if (target.uuid === caller.uuid && role !== target.role) throw new HttpError(409, 'own_role', 'You cannot change your own role');
  const { data, error } = await db.from('users').update({ role }).eq('id', id).select(COLUMNS).single();
  if (error) throw profileError(error, 'Failed to update users');
  return json({ user: data });
}

async function remove(db: SupabaseClient, caller: Caller, body: Record<string, unknown>) {
  const id = idField(body, 'id');
  const target = await loadProfile(db, id);
  if (target.uuid === caller.uuid) throw new HttpError(409, 'own_account', 'You cannot delete your own account');
  if (target.role === 'admin') {
    const { count } = await db.from('users').select('id', { count: 'exact', head: true }).eq('role', 'admin').neq('id', id);
    if (!count) throw new HttpError(409, 'last_admin', 'The last admin cannot be deleted');
  }
  // The row first: its trigger refuses the last admin atomically.
  const { error } = await db.from('users').delete().eq('id', id);
  if (error) throw profileError(error, 'Failed to delete user');
  const gone = await db.auth.admin.deleteUser(target.uuid);
  if (gone.error && gone.error.status !== 404) {
    console.error(`admin-users: profile ${id} deleted but auth account ${target.uuid} was not: ${gone.error.message}`);
    throw new HttpError(500, 'internal_error', 'Failed to delete user');
  }
  // The avatar: everything under users/<uuid>/, and the stored URL's object.
  const files = await db.storage.from('users').list(target.uuid, { limit: 1000 });
  const paths = new Set((files.data ?? []).map((f: { name: string }) => `${target.uuid}/${f.name}`));
  const m = target.profile_picture_url ? /\/storage\/v1\/object\/public\/users\/(.+)$/.exec(target.profile_picture_url) : null;
  if (m) paths.add(decodeURIComponent(m[1]));
  if (paths.size) await db.storage.from('users').remove([...paths]);
  return json({ deleted: id });
}

export default handler(async (req) => {
  const caller = await staffCaller(req);
  if (caller.role !== 'admin') throw new HttpError(403, 'not_admin', 'Only admins can manage users');
  const body = await readBody(req);
  const db = serviceClient();
  switch (body.action) {
    case 'create':
      return create(db, body);
    case 'update':
      return update(db, body);
    case 'set-role':
      return setRole(db, caller, body);
    case 'delete':
      return remove(db, caller, body);
    default:
      throw badRequest('action must be create, update, set-role or delete', 'invalid_action');
  }
});
