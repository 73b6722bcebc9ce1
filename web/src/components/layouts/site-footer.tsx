import { Link } from 'wouter';
import { APP_NAME } from '@/config/env';
import { paths } from '@/config/paths';
import { SOCIAL_LINKS } from '@/config/constants';

const ICONS: Record<string, string> = {
  Facebook: 'M13 22v-9h3l.5-3.5H13V7.3c0-1 .3-1.7 1.8-1.7h1.8V2.4A24 24 0 0014 2.3c-2.6 0-4.4 1.6-4.4 4.5v2.7H6.7V13h2.9v9z',
  X: 'M17.7 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z',
  Instagram: 'M12 7a5 5 0 100 10 5 5 0 000-10zm0 8.2a3.2 3.2 0 110-6.4 3.2 3.2 0 010 6.4zM17.3 5.5a1.2 1.2 0 100 2.4 1.2 1.2 0 000-2.4zM7 2h10a5 5 0 015 5v10a5 5 0 01-5 5H7a5 5 0 01-5-5V7a5 5 0 015-5z',
  YouTube: 'M21.6 7.2a2.5 2.5 0 00-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 002.4 7.2 26 26 0 002 12a26 26 0 00.4 4.8 2.5 2.5 0 001.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 001.8-1.8A26 26 0 0022 12a26 26 0 00-.4-4.8zM10 15V9l5.2 3z',
};

export function SocialIcons() {
  return (
    <ul className="flex gap-4">
      {SOCIAL_LINKS.map((s) => (
        <li key={s.name}>
          <a href={s.href} target="_blank" rel="noreferrer" aria-label={s.name} className="text-gray-500 hover:text-gray-900 dark:hover:text-white">
            <svg className="h-5 w-5" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
              <path d={ICONS[s.name]} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Legal links, social icons and the current year. */
export function SiteFooter() {
  return (
    <footer className="border-t border-gray-200 bg-white px-4 py-6 dark:border-gray-700 dark:bg-gray-800">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 md:flex-row">
        <p className="text-sm text-gray-500 dark:text-gray-400">
          © {new Date().getFullYear()} {APP_NAME}. All rights reserved.
        </p>
        <nav aria-label="Legal" className="flex gap-4 text-sm">
          <Link href={paths.privacy.getHref()} className="text-gray-500 hover:underline dark:text-gray-400">Privacy</Link>
          <Link href={paths.terms.getHref()} className="text-gray-500 hover:underline dark:text-gray-400">Terms</Link>
          <Link href={paths.help.getHref()} className="text-gray-500 hover:underline dark:text-gray-400">Help</Link>
        </nav>
        <SocialIcons />
      </div>
    </footer>
  );
}
