import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentTheme, toggleTheme } from './theme';
import { ThemeToggle } from '@/components/ui/theme-toggle';

function preferDark(dark: boolean) {
  window.matchMedia = ((q: string) => ({ matches: dark && q.includes('dark'), media: q, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
}

describe('theme', () => {
  it('follows the system preference when nothing is saved', () => {
    preferDark(true);
    expect(currentTheme()).toBe('dark');
    preferDark(false);
    expect(currentTheme()).toBe('light');
  });

  it('the saved value wins over the system preference', () => {
    preferDark(true);
    localStorage.setItem('color-theme', 'light');
    expect(currentTheme()).toBe('light');
  });

  it('toggle flips, saves under color-theme, sets the dark class and fires dark-mode', () => {
    preferDark(false);
    const listener = vi.fn();
    document.addEventListener('dark-mode', listener);
    expect(toggleTheme()).toBe('dark');
    expect(localStorage.getItem('color-theme')).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(toggleTheme()).toBe('light');
    expect(localStorage.getItem('color-theme')).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    document.removeEventListener('dark-mode', listener);
  });

  it('the toggle button has the tooltip and flips on click', async () => {
    preferDark(false);
    render(<ThemeToggle />);
    const button = screen.getByRole('button', { name: 'Toggle dark mode' });
    expect(button).toHaveProperty('title', 'Toggle dark mode');
    await userEvent.click(button);
    expect(localStorage.getItem('color-theme')).toBe('dark');
    expect(button.getAttribute('aria-pressed')).toBe('true');
  });
});
