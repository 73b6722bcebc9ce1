// /health, /settings, /authorize, and the sign-up style endpoints this stack
// keeps closed (accounts are created by admins).
import type { Hono } from 'hono';
import type { StackContext } from '../context.ts';
import { badRequest, unprocessable } from './errors.ts';
import { createFlowState, validatePkceParams } from './pkce.ts';
import { safeRedirect } from './redirect.ts';

const PROVIDERS = ['anonymous_users', 'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'snapchat', 'figma', 'fly', 'github', 'gitlab', 'google', 'keycloak', 'kakao', 'linkedin', 'linkedin_oidc', 'notion', 'spotify', 'slack', 'slack_oidc', 'workos', 'twitch', 'twitter', 'email', 'phone', 'zoom'];

const AUTHORIZE_URL: Record<string, string> = {
  google: 'https://accounts.google.com/o/oauth2/auth',
  apple: 'https://appleid.apple.com/auth/authorize',
};

export function publicRoutes(app: Hono, ctx: StackContext) {
  app.get('/health', (c) => c.json({ version: 'embedded', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }));

  app.get('/settings', (c) => {
    const external: Record<string, boolean> = {};
    for (const p of PROVIDERS) external[p] = p === 'email' || p in ctx.config.providers;
    return c.json({
      external,
      disable_signup: true,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      saml_private_key_next_configured: false,
      passkeys_enabled: false,
    });
  });

  app.get('/authorize', async (c) => {
    const provider = (c.req.query('provider') ?? '').toLowerCase();
    if (!provider) throw badRequest('validation_failed', 'Unsupported provider: Provider  could not be found');
    if (!PROVIDERS.includes(provider) || provider === 'email' || provider === 'phone' || provider === 'anonymous_users') {
      throw badRequest('validation_failed', `Unsupported provider: Provider ${provider} could not be found`);
    }
    const conf = ctx.config.providers[provider];
    // GoTrue's wording when a known provider is switched off.
    if (!conf || !AUTHORIZE_URL[provider]) throw badRequest('validation_failed', 'Unsupported provider: provider is not enabled');
    const method = validatePkceParams(c.req.query('code_challenge_method') ?? '', c.req.query('code_challenge') ?? '');
    const redirectTo = safeRedirect(ctx.config, c.req.query('redirect_to') || undefined, ctx.config.siteUrl);
    const state = method
      ? await createFlowState(ctx.db, { userId: null, method, challenge: c.req.query('code_challenge')!, provider, authMethod: 'oauth' })
      : crypto.randomUUID();
    const url = new URL(AUTHORIZE_URL[provider]);
    url.searchParams.set('client_id', conf.clientId);
    url.searchParams.set('redirect_uri', `${ctx.apiUrl}/auth/v1/callback`);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', provider === 'apple' ? 'email name' : 'email profile openid');
    url.searchParams.set('state', state);
    c.header('x-embedded-redirect-to', redirectTo);
    return c.redirect(url.toString(), 302);
  });

  // The provider callback needs network access to the provider, which the
  // embedded stack does not have: say so clearly.
  app.all('/callback', (c) => c.json({ code: 400, error_code: 'bad_oauth_callback', msg: 'OAuth callback is not supported by the embedded stack' }, 400));

  const signupsClosed = () => unprocessable('signup_disabled', 'Signups not allowed for this instance');
  app.post('/signup', () => {
    throw signupsClosed();
  });
  // Magic links and e-mail codes are not part of this product's sign-in.
  app.post('/otp', () => {
    throw unprocessable('otp_disabled', 'Signups not allowed for otp');
  });
  app.post('/magiclink', () => {
    throw unprocessable('email_provider_disabled', 'Login with magic link is disabled');
  });
}
