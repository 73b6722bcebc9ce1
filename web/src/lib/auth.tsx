import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Session, User } from '@supabase/supabase-js';
import * as z from 'zod/mini';
import { supabase } from '@/lib/supabase';

/** The staff profile (table `users`) of the signed-in auth user. */
export const StaffProfileSchema = z.object({
  id: z.union([z.number(), z.string()]),
  uuid: z.string(),
  email: z.string(),
  username: z.nullish(z.string()),
  fullname: z.nullish(z.string()),
  phone_number: z.nullish(z.string()),
  role: z.string(),
  profile_picture_url: z.nullish(z.string()),
  created_at: z.nullish(z.string()),
});
export type StaffProfile = z.infer<typeof StaffProfileSchema>;

export const NO_STAFF_ROW = 'Email adress not found, try using another or contact support';

type Status = 'loading' | 'signedIn' | 'signedOut';

export interface AuthState {
  status: Status;
  session: Session | null;
  user: User | null;
  profile: StaffProfile | null;
  isAdmin: boolean;
  /** A message for the login page (e.g. signed out because there is no staff row). */
  notice: string | null;
  clearNotice(): void;
  /** Loads the staff row for the current session; signs out (account kept) when there is none. */
  establish(session: Session | null): Promise<'signedIn' | 'noStaffRow' | 'signedOut'>;
  signOut(): Promise<void>;
  refreshProfile(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

async function loadProfile(userId: string): Promise<StaffProfile | null> {
  const { data, error } = await supabase().from('users').select('*').eq('uuid', userId).maybeSingle();
  if (error) throw error;
  return data ? StaffProfileSchema.parse(data) : null;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<Status>('loading');
  const [session, setSession] = useState<Session | null>(null);
  const [profile, setProfile] = useState<StaffProfile | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const statusRef = useRef(status);
  statusRef.current = status;

  const establish = useCallback(async (s: Session | null) => {
    if (!s) {
      setSession(null);
      setProfile(null);
      setStatus('signedOut');
      return 'signedOut' as const;
    }
    let row: StaffProfile | null = null;
    try {
      row = await loadProfile(s.user.id);
    } catch {
      row = null;
    }
    if (!row) {
      // A mobile-app user (or a removed staff member): sign out of the console only.
      // The auth account is never deleted.
      await supabase().auth.signOut({ scope: 'local' }).catch(() => undefined);
      setSession(null);
      setProfile(null);
      setNotice(NO_STAFF_ROW);
      setStatus('signedOut');
      return 'noStaffRow' as const;
    }
    setSession(s);
    setProfile(row);
    setStatus('signedIn');
    return 'signedIn' as const;
  }, []);

  useEffect(() => {
    let cancelled = false;
    const client = supabase();
    client.auth
      .getSession()
      .then(({ data }) => {
        if (!cancelled) void establish(data.session);
      })
      .catch(() => {
        if (!cancelled) void establish(null);
      });
    const { data: sub } = client.auth.onAuthStateChange((event, s) => {
      if (event === 'SIGNED_OUT') {
        setSession(null);
        setProfile(null);
        setStatus('signedOut');
      } else if ((event === 'TOKEN_REFRESHED' || event === 'USER_UPDATED') && s && statusRef.current === 'signedIn') {
        setSession(s);
      }
    });
    return () => {
      cancelled = true;
      sub.subscription.unsubscribe();
    };
  }, [establish]);

  const signOut = useCallback(async () => {
    await supabase().auth.signOut().catch(() => supabase().auth.signOut({ scope: 'local' }));
    setSession(null);
    setProfile(null);
    setStatus('signedOut');
  }, []);

  const refreshProfile = useCallback(async () => {
    if (!session) return;
    const row = await loadProfile(session.user.id);
    if (row) setProfile(row);
  }, [session]);

  const value = useMemo<AuthState>(
    () => ({
      status,
      session,
      user: session?.user ?? null,
      profile,
      isAdmin: profile?.role === 'admin',
      notice,
      clearNotice: () => setNotice(null),
      establish,
      signOut,
      refreshProfile,
    }),
    [status, session, profile, notice, establish, signOut, refreshProfile],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}

/** For tests and stories: provide a fixed auth state. */
export const AuthContextForTests = AuthContext;
