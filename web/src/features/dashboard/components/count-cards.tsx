import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { useCounts, type Counts } from '../api/get-counts';

const CARDS: Array<{ key: keyof Counts; label: string; href: string; tone?: string }> = [
  { key: 'events', label: 'Events', href: paths.eventManage.getHref() },
  { key: 'users', label: 'Users', href: paths.usersManage.getHref() },
  { key: 'people', label: 'People', href: paths.people.getHref() },
  { key: 'categories', label: 'Categories', href: paths.categoryManage.getHref() },
  { key: 'jobsWaiting', label: 'Jobs waiting', href: paths.settings.getHref() },
  { key: 'jobsFailed', label: 'Jobs failed', href: paths.settings.getHref(), tone: 'text-red-600 dark:text-red-400' },
];

export function CountCards() {
  const { data, error, isLoading, mutate } = useCounts();
  if (error) return <ErrorState message="Failed to fetch the counts." onRetry={() => mutate()} />;
  return (
    <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-6">
      {CARDS.map((c) => (
        <li key={c.key}>
          <Link href={c.href} className="block rounded-lg border border-gray-200 bg-white p-4 shadow-sm hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-800 dark:hover:bg-gray-700">
            <p className="text-sm text-gray-500 dark:text-gray-400">{c.label}</p>
            <p className={`mt-1 text-2xl font-bold ${c.tone && data && data[c.key] > 0 ? c.tone : 'text-gray-900 dark:text-white'}`} data-testid={`count-${c.key}`}>
              {isLoading || !data ? <Spinner /> : data[c.key].toLocaleString()}
            </p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
