import { Link } from 'wouter';
import { APP_NAME } from '@/config/env';
import { paths } from '@/config/paths';
import { PageSpinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { SiteFooter } from '@/components/layouts/site-footer';
import { useLegalDocument, type LegalKind } from '../api/get-legal-document';

export function PublicHeader() {
  return (
    <header className="border-b border-gray-200 bg-white dark:border-gray-700 dark:bg-gray-900">
      <div className="mx-auto flex max-w-7xl items-center justify-between p-4">
        <Link href={paths.home.getHref()} className="flex items-center gap-2 text-xl font-semibold text-gray-900 dark:text-white">
          <img src="/logo.svg" alt="" className="h-8 w-8" /> {APP_NAME}
        </Link>
        <ThemeToggle />
      </div>
    </header>
  );
}

export function LegalPage({ kind }: { kind: LegalKind }) {
  const { data, error, isLoading, mutate } = useLegalDocument(kind);
  const title = kind === 'privacy' ? 'Privacy Policy' : 'Terms and Conditions';
  return (
    <div className="flex min-h-screen flex-col bg-white dark:bg-gray-900">
      <PublicHeader />
      <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-8">
        <h1 className="sr-only">{title}</h1>
        {isLoading && <PageSpinner />}
        {error && <ErrorState message={`The ${title.toLowerCase()} could not be loaded. Please try again later.`} onRetry={() => mutate()} />}
        {data?.fallbackReason && (
          <p role="status" className="mb-4 rounded-lg bg-yellow-50 p-3 text-sm text-yellow-800 dark:bg-gray-800 dark:text-yellow-300">
            {data.fallbackReason}
          </p>
        )}
        {data && (
          <article
            className="prose max-w-none text-gray-700 dark:text-gray-300 [&_a]:text-blue-700 [&_h1]:mb-4 [&_h1]:text-3xl [&_h1]:font-bold [&_h2]:mb-2 [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_p]:mb-3 [&_ul]:list-disc [&_ul]:pl-6"
            // Sanitised with DOMPurify in get-legal-document.ts.
            dangerouslySetInnerHTML={{ __html: data.html }}
          />
        )}
      </main>
      <SiteFooter />
    </div>
  );
}
