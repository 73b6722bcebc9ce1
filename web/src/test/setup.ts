import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

window.__SUPABASE__ = { url: 'http://127.0.0.1:54321', anonKey: 'test-anon-key-0123456789abcdef' };

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as unknown as MediaQueryList;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.classList.remove('dark');
});
