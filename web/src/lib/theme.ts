import { THEME_KEY } from '@/config/constants';

export type Theme = 'light' | 'dark';

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** The saved theme wins; without one, the system preference decides. */
export function currentTheme(): Theme {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(THEME_KEY);
  } catch {
    /* storage blocked */
  }
  if (saved === 'dark' || saved === 'light') return saved;
  return systemPrefersDark() ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

/** Flips the theme, saves it under `color-theme` and fires a `dark-mode` document event. */
export function toggleTheme(): Theme {
  const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
  try {
    localStorage.setItem(THEME_KEY, next);
  } catch {
    /* storage blocked: still apply for this page */
  }
  applyTheme(next);
  document.dispatchEvent(new CustomEvent('dark-mode', { detail: { theme: next } }));
  return next;
}
