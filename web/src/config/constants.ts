/** The 14 supported languages; English is the source. */
export const LANGUAGES = ['en', 'es', 'fr', 'ar', 'zh', 'hi', 'pt', 'pt_BR', 'ru', 'ja', 'ko', 'de', 'tr', 'sw'] as const;
export type LanguageCode = (typeof LANGUAGES)[number];

export const LANGUAGE_NAMES: Record<LanguageCode, string> = {
  en: 'English', es: 'Spanish', fr: 'French', ar: 'Arabic', zh: 'Chinese', hi: 'Hindi', pt: 'Portuguese',
  pt_BR: 'Portuguese (Brazil)', ru: 'Russian', ja: 'Japanese', ko: 'Korean', de: 'German', tr: 'Turkish', sw: 'Swahili',
};

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const PAGE_SIZE = 10;
export const THEME_KEY = 'color-theme';

export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'X', href: 'https://x.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
] as const;

export const STORE_LINKS = {
  appStore: 'https://apps.apple.com/',
  googlePlay: 'https://play.google.com/store',
} as const;
