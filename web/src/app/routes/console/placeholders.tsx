import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { EmptyState } from '@/components/ui/states';

export function PageHeading({ title }: { title: string }) {
  return (
    <>
      <title>{title}</title>
      <h1 className="mb-4 text-2xl font-semibold text-gray-900 dark:text-white">{title}</h1>
    </>
  );
}

/** Routes of the specification whose screens come in the next slice. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section>
      <PageHeading title={title} />
      <EmptyState title="This screen is coming in the next release.">
        Meanwhile, use the <Link className="text-blue-700 underline" href={paths.dashboard.getHref()}>dashboard</Link>.
      </EmptyState>
    </section>
  );
}

export function NotFound() {
  return (
    <section>
      <PageHeading title="Page not found" />
      <EmptyState title="There is nothing at this address.">
        <Link className="text-blue-700 underline" href={paths.dashboard.getHref()}>Go to the dashboard</Link>
      </EmptyState>
    </section>
  );
}
