import { FunctionsHttpError } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';

/** Bodies of the admin-users Edge Function (see README.md beside this file). */
export type AdminUsersRequest =
  | { action: 'create'; email: string; password: string; fullname: string; username: string; phone_number?: string | null }
  | { action: 'set-role'; id: number; role: 'admin' | 'staff' }
  | { action: 'delete'; id: number };

const CODE_MESSAGES: Record<string, string> = {
  email_exists: 'Email already in use',
  username_exists: 'Username already taken',
  not_admin: 'Only admins can manage users',
  last_admin: 'The last admin cannot be deleted',
  not_found: 'User not found',
  own_role: 'You cannot change your own role',
  own_account: 'You cannot delete your own account',
};

export class AdminUsersError extends Error {
  constructor(message: string, public readonly code?: string, public readonly reasons: string[] = []) {
    super(message);
    this.name = 'AdminUsersError';
  }
}

async function readError(error: unknown, fallback: string): Promise<AdminUsersError> {
  if (error instanceof FunctionsHttpError) {
    try {
      const body = (await (error.context as Response).json()) as Record<string, unknown>;
      const inner = (typeof body.error === 'object' && body.error !== null ? body.error : body) as Record<string, unknown>;
      const code = typeof inner.code === 'string' ? inner.code : typeof body.error_code === 'string' ? body.error_code : undefined;
      const message =
        (code && CODE_MESSAGES[code]) ||
        (typeof inner.message === 'string' && inner.message) ||
        (typeof body.error === 'string' && body.error) ||
        (typeof body.msg === 'string' && body.msg) ||
        fallback;
      const reasons = Array.isArray(inner.reasons) ? inner.reasons.map(String) : [];
      return new AdminUsersError(message, code, reasons);
    } catch {
      return new AdminUsersError(fallback);
    }
  }
  return new AdminUsersError(fallback);
}

export async function invokeAdminUsers<T>(body: AdminUsersRequest, fallback: string): Promise<T> {
  const { data, error } = await supabase().functions.invoke('admin-users', { body });
  if (error) throw await readError(error, fallback);
  return data as T;
}
