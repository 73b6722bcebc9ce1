// Auth knobs read from the environment once per stack (tests set them before
// starting their stack). Defaults follow hosted Supabase where it has one.
export interface AuthSettings {
  /** Password sign-ins per e-mail address per window (GoTrue has none per address; we add it against guessing). */
  tokenPerEmail: number;
  /** /token requests per client IP per window (GoTrue's RATE_LIMIT_TOKEN_REFRESH: 150 per 5 min). */
  tokenPerIp: number;
  tokenWindowSeconds: number;
  /** Minimum seconds between two mails to one address (GoTrue's SMTP_MAX_FREQUENCY, 60 s). */
  emailFrequencySeconds: number;
  /** Seconds a rotated refresh token may still be used (GoTrue's default 10 s). */
  refreshReuseSeconds: number;
  /** Lifetime of e-mailed links (GoTrue's MAILER_OTP_EXP, default 1 h locally). */
  otpExpirySeconds: number;
  /** PKCE flow state lifetime (GoTrue: 5 min). */
  flowStateSeconds: number;
  passwordMinLength: number;
}

function num(name: string, fallback: number, min = 0): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number >= ${min}, got "${raw}"`);
  return n;
}

export function readAuthSettings(): AuthSettings {
  return {
    tokenPerEmail: num('AUTH_RATE_LIMIT_TOKEN', 30, 1),
    tokenPerIp: num('AUTH_RATE_LIMIT_TOKEN_IP', 150, 1),
    tokenWindowSeconds: num('AUTH_RATE_LIMIT_WINDOW_SECONDS', 300, 1),
    emailFrequencySeconds: num('AUTH_EMAIL_MAX_FREQUENCY_SECONDS', 60),
    refreshReuseSeconds: num('AUTH_REFRESH_TOKEN_REUSE_INTERVAL', 10),
    otpExpirySeconds: num('AUTH_OTP_EXPIRY_SECONDS', 3600, 1),
    flowStateSeconds: 300,
    passwordMinLength: num('AUTH_PASSWORD_MIN_LENGTH', 6, 1),
  };
}
