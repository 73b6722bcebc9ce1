import { useState } from 'react';
import { formatDate } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { retryJob, useQueueHealth, useServices } from '../api/get-settings';

function Status({ on }: { on: boolean | null }) {
  if (on === null) return <span className="rounded bg-gray-100 px-2 py-0.5 text-xs text-gray-700 dark:bg-gray-700 dark:text-gray-200">unknown</span>;
  return on
    ? <span className="rounded bg-green-100 px-2 py-0.5 text-xs text-green-800 dark:bg-green-900 dark:text-green-300">configured</span>
    : <span className="rounded bg-yellow-100 px-2 py-0.5 text-xs text-yellow-800 dark:bg-yellow-900 dark:text-yellow-300">not configured</span>;
}

export function SettingsPage() {
  const services = useServices();
  const queue = useQueueHealth();
  const [retryError, setRetryError] = useState<string | null>(null);
  const s = services.data;
  const rows = s ? [
    { name: 'AI text generation', on: s.ai, note: s.ai === false ? 'Translations and summaries wait with the reason “AI provider not configured”.' : s.aiModel ? `Model: ${s.aiModel}` : '' },
    { name: 'YouTube Data API', on: s.youtube, note: s.youtube === false ? 'Video resources are saved without title, duration or thumbnail.' : '' },
    { name: 'Maps (address search)', on: s.maps, note: s.maps ? '' : 'Addresses are typed by hand (street, city, state, postal code, country, coordinates).' },
    { name: 'Live chat', on: s.chat, note: s.chat ? '' : 'Contact and help pages show the support e-mail address.' },
  ] : [];
  return (
    <section className="space-y-8">
      <h1 className="text-2xl font-semibold text-gray-900 dark:text-white">Settings</h1>
      <div>
        <h2 className="mb-3 text-lg font-semibold text-gray-900 dark:text-white">Outside services</h2>
        {services.isLoading ? <PageSpinner /> : (
          <>
            {s?.serverProblem && <p className="mb-2 text-sm text-yellow-700 dark:text-yellow-300">The server's service status could not be read ({s.serverProblem}); AI and YouTube are judged from the job queue.</p>}
            <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white dark:divide-gray-700 dark:border-gray-700 dark:bg-gray-800">
              {rows.map((r) => (
                <li key={r.name} className="flex flex-wrap items-center justify-between gap-2 p-3">
                  <div>
                    <p className="font-medium text-gray-900 dark:text-white">{r.name}</p>
                    {r.note && <p className="text-sm text-gray-500 dark:text-gray-400">{r.note}</p>}
                  </div>
                  <Status on={r.on} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <div>
        <h2 className="mb-3 text-lg font-semibold text-gray-900 dark:text-white">Job queue</h2>
        {queue.error ? <ErrorState message="Failed to fetch the job queue." onRetry={() => queue.mutate()} />
          : !queue.data ? <PageSpinner />
          : (
            <div className="space-y-4">
              <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
                {(['pending', 'running', 'failed', 'done'] as const).map((k) => (
                  <div key={k} className="rounded-lg border border-gray-200 bg-white p-3 dark:border-gray-700 dark:bg-gray-800">
                    <dt className="text-sm capitalize text-gray-500 dark:text-gray-400">{k === 'pending' ? 'waiting' : k}</dt>
                    <dd className={`text-2xl font-bold ${k === 'failed' && queue.data![k] > 0 ? 'text-red-600' : 'text-gray-900 dark:text-white'}`}>{queue.data![k]}</dd>
                  </div>
                ))}
              </dl>
              <p className="text-sm text-gray-600 dark:text-gray-300">
                {queue.data.oldestPendingAt ? `Oldest waiting job queued on ${formatDate(queue.data.oldestPendingAt)} at ${new Date(queue.data.oldestPendingAt).toLocaleTimeString()}.` : 'No job is waiting.'}
              </p>
              <h3 className="font-semibold text-gray-900 dark:text-white">Latest failures</h3>
              {retryError && <p role="alert" className="text-sm text-red-600">{retryError}</p>}
              {queue.data.recentFailures.length === 0 ? <EmptyState title="No failed jobs." /> : (
                <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white dark:divide-gray-700 dark:border-gray-700 dark:bg-gray-800">
                  {queue.data.recentFailures.map((j) => (
                    <li key={j.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                      <div>
                        <p className="font-medium text-gray-900 dark:text-white">{j.kind} · {j.entity_table} #{j.entity_id} · {j.attempts} attempts</p>
                        <p className="text-red-600 dark:text-red-400">{j.last_error}</p>
                      </div>
                      <Button variant="secondary" className="px-3 py-1" onClick={async () => {
                        setRetryError(null);
                        try {
                          await retryJob(j.id);
                          await queue.mutate();
                        } catch (e) {
                          setRetryError(e instanceof Error ? e.message : 'Retry failed');
                        }
                      }}>Retry<span className="sr-only"> job {j.id}</span></Button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
      </div>
    </section>
  );
}
