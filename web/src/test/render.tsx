import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SWRConfig } from 'swr';
import { AuthContextForTests, AuthProvider, type AuthState, type StaffProfile } from '@/lib/auth';

export function renderAt(ui: ReactElement, { path = '/', auth }: { path?: string; auth?: Partial<AuthState> | 'real' } = {}) {
  const location = memoryLocation({ path, record: true });
  const wrap = (children: ReactNode) =>
    auth === 'real' || auth === undefined ? <AuthProvider>{children}</AuthProvider> : <AuthContextForTests.Provider value={fixedAuth(auth)}>{children}</AuthContextForTests.Provider>;
  const result = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {wrap(ui)}
      </Router>
    </SWRConfig>,
  );
  return { ...result, location };
}

export function fixedAuth(over: Partial<AuthState>): AuthState {
  const profile = (over.profile ?? null) as StaffProfile | null;
  return {
    status: 'signedOut',
    session: null,
    user: null,
    profile,
    isAdmin: profile?.role === 'admin',
    notice: null,
    clearNotice: () => undefined,
    establish: async () => 'signedOut',
    signOut: async () => undefined,
    refreshProfile: async () => undefined,
    ...over,
  };
}
