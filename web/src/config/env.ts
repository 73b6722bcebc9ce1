// zod/mini keeps the startup bundle (/login) small; the console uses full zod.
import * as z from 'zod/mini';

/**
 * Run-time configuration. The stack serves `/runtime-config.js`, which sets
 * `window.__SUPABASE__ = { url, anonKey }` — the only configuration the browser
 * gets. Optional, non-secret extras (legal page URLs, support e-mail, chat widget,
 * maps browser key) may be added to that object or given as VITE_* variables at build
 * time. In development, VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY are a fallback.
 */
const EnvSchema = z.object({
  url: z.url({ error: 'url must be an absolute URL (window.__SUPABASE__.url or VITE_SUPABASE_URL)' }),
  anonKey: z.string({ error: 'anonKey is required (window.__SUPABASE__.anonKey or VITE_SUPABASE_ANON_KEY)' }).check(
    z.minLength(20, { error: 'anonKey looks wrong (window.__SUPABASE__.anonKey or VITE_SUPABASE_ANON_KEY)' }),
  ),
  privacyUrl: z.optional(z.url()),
  termsUrl: z.optional(z.url()),
  supportEmail: z._default(z.email(), 'support@historystories.app'),
  chatWidgetUrl: z.optional(z.url()),
  mapsApiKey: z.optional(z.string().check(z.minLength(1))),
});

export type Env = z.infer<typeof EnvSchema>;

declare global {
  interface Window {
    __SUPABASE__?: Partial<Record<string, string>>;
  }
}

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid runtime configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'EnvError';
  }
}

function pick(...values: Array<string | undefined>): string | undefined {
  return values.find((v) => v !== undefined && v !== '');
}

export function parseEnv(
  runtime: Partial<Record<string, string>> | undefined,
  vite: Record<string, string | undefined>,
): Env {
  const r = runtime ?? {};
  const raw = {
    url: pick(r.url, vite.VITE_SUPABASE_URL),
    anonKey: pick(r.anonKey, vite.VITE_SUPABASE_ANON_KEY),
    privacyUrl: pick(r.privacyUrl, vite.VITE_PRIVACY_URL),
    termsUrl: pick(r.termsUrl, vite.VITE_TERMS_URL),
    supportEmail: pick(r.supportEmail, vite.VITE_SUPPORT_EMAIL),
    chatWidgetUrl: pick(r.chatWidgetUrl, vite.VITE_CHAT_WIDGET_URL),
    mapsApiKey: pick(r.mapsApiKey, vite.VITE_MAPS_API_KEY),
  };
  const result = EnvSchema.safeParse(raw);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`));
  }
  return result.data;
}

let cached: Env | undefined;

/** The validated configuration; throws EnvError naming every bad variable. */
export function env(): Env {
  cached ??= parseEnv(window.__SUPABASE__, import.meta.env as Record<string, string | undefined>);
  return cached;
}

export const APP_NAME = 'History Stories';
