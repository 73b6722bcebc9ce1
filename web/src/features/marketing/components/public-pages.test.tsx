import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderAt } from '@/test/render';
import { sanitizeLegalHtml } from '../api/get-legal-document';
import { LegalPage } from './legal-page';
import { SupportPage } from './support-page';
import { HomePage } from './home-page';
import { env } from '@/config/env';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/test/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: () => fake.client };
});

const auth = { status: 'signedOut' as const };

describe('public pages', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.__SUPABASE__ = { url: 'http://127.0.0.1:54321', anonKey: 'test-anon-key-0123456789abcdef' };
  });

  it('legal HTML is sanitised before it is inserted', () => {
    const html = sanitizeLegalHtml('<html><body><h1>Terms</h1><script>alert(1)</script><p onclick="x()">ok</p><iframe src="x"></iframe></body></html>');
    expect(html).toContain('<h1>Terms</h1>');
    expect(html).not.toMatch(/script|onclick|iframe/);
  });

  it('shows the bundled copy with a clear message when the site is unreachable', async () => {
    Object.assign(env(), { privacyUrl: 'https://example.invalid/privacy.html' });
    vi.stubGlobal('fetch', vi.fn(async (url: string) =>
      url.startsWith('https://example.invalid') ? Promise.reject(new TypeError('Failed to fetch')) : new Response('<body><h1>Privacy Policy</h1><p>bundled</p></body>'),
    ));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt(<LegalPage kind="privacy" />, { path: '/privacy', auth });
    expect(await screen.findByText('bundled')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('could not be loaded from https://example.invalid/privacy.html');
    Object.assign(env(), { privacyUrl: undefined });
    error.mockRestore();
  });

  it('help shows the support e-mail when no chat widget is configured', () => {
    renderAt(<SupportPage title="Help Center" />, { path: '/help', auth });
    expect(screen.getByRole('link', { name: 'support@historystories.app' }).getAttribute('href')).toBe('mailto:support@historystories.app');
  });

  it('home has the nav anchors, Download button and legal links', () => {
    renderAt(<HomePage />, { path: '/', auth });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const [label, href] of [['Home', '#home'], ['Features', '#features'], ['How It Works', '#how-it-works'], ['Contact', '#contact'], ['Download', '#download']]) {
      expect([...nav.querySelectorAll(`a[href="${href}"]`)].some((a) => a.textContent?.trim() === label)).toBe(true);
    }
    expect(screen.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeTruthy();
  });
});
