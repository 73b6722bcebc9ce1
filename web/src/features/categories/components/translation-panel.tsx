import { useState, type FormEvent } from 'react';
import { LANGUAGE_NAMES } from '@/config/constants';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { ConfirmDialog } from '@/components/ui/dialog';
import type { CategoryTranslation } from '../api/get-category';
import { byLanguage, displayState } from '../api/translation-state';
import { EditTranslationSchema, retryCategoryTranslation, saveCategoryTranslation, unlockCategoryTranslation } from '../api/translations';
import { StateBadge } from './translation-badges';

function LanguageEditor({ categoryId, row, onDone }: { categoryId: number; row: CategoryTranslation; onDone(): void }) {
  const [name, setName] = useState(row.name ?? '');
  const [description, setDescription] = useState(row.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = EditTranslationSchema.safeParse({ name, description });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setBusy(true);
    setError(null);
    try {
      await saveCategoryTranslation(categoryId, row.language_code, parsed.data);
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Failed to add category Translation');
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg bg-gray-50 p-4 dark:bg-gray-900">
      <p className="text-sm text-gray-600 dark:text-gray-400">Saving your text locks this language: the machine will not overwrite it until you unlock it.</p>
      <Input label={`Name (${LANGUAGE_NAMES[row.language_code as keyof typeof LANGUAGE_NAMES] ?? row.language_code})`} value={name} error={error} onChange={(e) => setName(e.target.value)} dir="auto" />
      <Textarea label="Description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} dir="auto" />
      <div className="flex gap-2">
        <Button type="submit" busy={busy} busyText="Saving...">Save and lock</Button>
        <Button variant="secondary" onClick={onDone}>Cancel</Button>
      </div>
    </form>
  );
}

/** The 14 languages of one category: state, text, open/edit (locks), unlock, retry. */
export function TranslationPanel({ categoryId, rows, onChanged }: { categoryId: number; rows: CategoryTranslation[]; onChanged(): void }) {
  const [open, setOpen] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [unlocking, setUnlocking] = useState<string | null>(null);

  async function act(code: string, fn: () => Promise<void>) {
    setBusy(code);
    setError(null);
    try {
      await fn();
      onChanged();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong');
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="translations-heading" className="mt-8">
      <h2 id="translations-heading" className="mb-3 text-lg font-semibold text-gray-900 dark:text-white">Translations</h2>
      {error && <p role="alert" className="mb-3 text-sm text-red-600">{error}</p>}
      <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white dark:divide-gray-700 dark:border-gray-700 dark:bg-gray-800">
        {byLanguage(rows).map(({ code, row }) => {
          const state = displayState(row);
          const isOpen = open === code;
          return (
            <li key={code} className="p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <button type="button" className="flex items-center gap-3 text-left" aria-expanded={isOpen} onClick={() => setOpen(isOpen ? null : code)}>
                  <span className="w-40 font-medium text-gray-900 dark:text-white">{LANGUAGE_NAMES[code]} <span className="text-xs text-gray-500">({code})</span></span>
                  <StateBadge state={state} />
                  <span className="truncate text-sm text-gray-600 dark:text-gray-300" dir="auto">{row?.name ?? ''}</span>
                </button>
                {code !== 'en' && row && (
                  <div className="flex gap-2">
                    {(state === 'failed' || state === 'stale') && (
                      <Button variant="secondary" className="px-3 py-1" busy={busy === code} onClick={() => act(code, () => retryCategoryTranslation(categoryId, code))}>
                        Retry<span className="sr-only"> {LANGUAGE_NAMES[code]}</span>
                      </Button>
                    )}
                    {state === 'locked' && (
                      <Button variant="secondary" className="px-3 py-1" busy={busy === code} onClick={() => setUnlocking(code)}>
                        Unlock<span className="sr-only"> {LANGUAGE_NAMES[code]}</span>
                      </Button>
                    )}
                    <Button variant="ghost" className="px-3 py-1" onClick={() => { setOpen(code); setEditing(code); }}>
                      Edit<span className="sr-only"> {LANGUAGE_NAMES[code]}</span>
                    </Button>
                  </div>
                )}
              </div>
              {isOpen && row && (
                <div className="mt-3 space-y-2 text-sm">
                  {row.last_error && state === 'failed' && <p className="text-red-600">Last error: {row.last_error}</p>}
                  {editing === code ? (
                    <LanguageEditor categoryId={categoryId} row={row} onDone={() => { setEditing(null); onChanged(); }} />
                  ) : (
                    <dl className="grid grid-cols-[8rem_1fr] gap-1 text-gray-700 dark:text-gray-300">
                      <dt className="font-medium">Name</dt><dd dir="auto">{row.name || '—'}</dd>
                      <dt className="font-medium">Description</dt><dd dir="auto">{row.description || '—'}</dd>
                    </dl>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={unlocking !== null}
        title="Unlock translation"
        confirmLabel="Unlock"
        onCancel={() => setUnlocking(null)}
        onConfirm={() => {
          const code = unlocking!;
          setUnlocking(null);
          void act(code, () => unlockCategoryTranslation(categoryId, code));
        }}
      >
        The machine will translate this language again from the English text, replacing the edited text.
      </ConfirmDialog>
    </section>
  );
}
