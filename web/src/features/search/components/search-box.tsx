import { useId, useRef, useState } from 'react';
import { useDebounced } from '@/lib/use-debounced';
import { useLocation } from 'wouter';
import { paths } from '@/config/paths';
import { Spinner } from '@/components/ui/spinner';
import { useContentSearch, type SearchHit } from '../api/search-content';

const KIND_LABEL: Record<SearchHit['kind'], string> = { event: 'Event', person: 'Person', category: 'Category' };

function hrefOf(hit: SearchHit): string {
  if (hit.kind === 'event') return paths.eventEdit.getHref(hit.id, hit.slug);
  if (hit.kind === 'person') return paths.peopleEdit.getHref(hit.id, hit.slug);
  return paths.categoryEdit.getHref(hit.id, hit.slug);
}


/** A combobox that finds events, people and categories by English title or name. */
export function SearchBox({ className = '' }: { className?: string }) {
  const id = useId();
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(text, 250);
  const { data, error, isLoading } = useContentSearch(query);
  const hits = query.trim().length >= 2 ? (data ?? []) : [];
  const box = useRef<HTMLDivElement>(null);

  function go(hit: SearchHit) {
    setOpen(false);
    setText('');
    navigate(hrefOf(hit));
  }

  const showList = open && query.trim().length >= 2;
  return (
    <div ref={box} className={`relative ${className}`} onBlur={(e) => !box.current?.contains(e.relatedTarget as Node) && setOpen(false)}>
      <label htmlFor={id} className="sr-only">Search</label>
      <input
        id={id}
        type="search"
        role="combobox"
        aria-expanded={showList}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${id}-opt-${active}` : undefined}
        placeholder="Search"
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((a) => Math.min(hits.length - 1, a + 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(-1, a - 1));
          } else if (e.key === 'Enter' && active >= 0 && hits[active]) {
            e.preventDefault();
            go(hits[active]);
          } else if (e.key === 'Escape') setOpen(false);
        }}
        className="block w-full rounded-lg border border-gray-300 bg-gray-50 p-2 pl-3 text-sm text-gray-900 focus:border-blue-500 focus:ring-blue-500 dark:border-gray-600 dark:bg-gray-700 dark:text-white"
      />
      {showList && (
        <div className="absolute z-50 mt-1 max-h-80 w-full min-w-64 overflow-y-auto rounded-lg border border-gray-200 bg-white shadow-lg dark:border-gray-600 dark:bg-gray-800">
          {isLoading && !data && <div className="p-3"><Spinner label="Searching..." /></div>}
          {error && <p className="p-3 text-sm text-red-600">Search failed. Please try again.</p>}
          {!isLoading && !error && hits.length === 0 && <p className="p-3 text-sm text-gray-500">No results for “{query.trim()}”.</p>}
          <ul id={`${id}-list`} role="listbox" aria-label="Search results">
            {hits.map((hit, i) => (
              <li
                key={`${hit.kind}-${hit.id}`}
                id={`${id}-opt-${i}`}
                role="option"
                aria-selected={i === active}
                tabIndex={-1}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => go(hit)}
                className={`flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm ${i === active ? 'bg-blue-50 dark:bg-gray-700' : 'hover:bg-gray-50 dark:hover:bg-gray-700'}`}
              >
                <span className="truncate text-gray-900 dark:text-white">{hit.label || 'No Title'}</span>
                <span className="shrink-0 rounded bg-gray-100 px-2 py-0.5 text-xs text-gray-600 dark:bg-gray-600 dark:text-gray-200">{KIND_LABEL[hit.kind]}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
