import { LANGUAGE_NAMES, type LanguageCode } from '@/config/constants';
import { byLanguage, displayState, type DisplayState, type TranslationState } from '../api/translation-state';

export const STATE_STYLE: Record<DisplayState, string> = {
  done: 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-300',
  pending: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-900 dark:text-yellow-300',
  stale: 'bg-orange-100 text-orange-800 dark:bg-orange-900 dark:text-orange-300',
  failed: 'bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-300',
  locked: 'bg-blue-100 text-blue-800 dark:bg-blue-900 dark:text-blue-300',
  missing: 'bg-gray-100 text-gray-600 dark:bg-gray-700 dark:text-gray-300',
};

export function StateBadge({ state }: { state: DisplayState }) {
  return <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATE_STYLE[state]}`}>{state}</span>;
}

/** 14 compact chips, one per language, coloured by state. */
export function TranslationBadges({ rows }: { rows: TranslationState[] }) {
  const list = byLanguage(rows);
  const done = list.filter((l) => ['done', 'locked'].includes(displayState(l.row))).length;
  return (
    <div>
      <span className="sr-only">{done} of 14 languages translated.</span>
      <ul className="flex max-w-xs flex-wrap gap-1" aria-label="Translation state per language">
        {list.map(({ code, row }) => {
          const state = displayState(row);
          return (
            <li key={code} title={`${LANGUAGE_NAMES[code as LanguageCode]}: ${state}${row?.last_error ? ` — ${row.last_error}` : ''}`} className={`rounded px-1.5 py-0.5 text-[10px] font-semibold uppercase ${STATE_STYLE[state]}`}>
              {code}
              <span className="sr-only"> {state}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
