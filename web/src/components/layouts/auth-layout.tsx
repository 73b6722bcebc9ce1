import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { APP_NAME } from '@/config/env';
import { paths } from '@/config/paths';
import { ThemeToggle } from '@/components/ui/theme-toggle';

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-gray-50 px-4 py-8 dark:bg-gray-900">
      <div className="absolute right-4 top-4">
        <ThemeToggle />
      </div>
      <Link href={paths.home.getHref()} className="mb-6 flex items-center gap-2 text-2xl font-semibold text-gray-900 dark:text-white">
        <img src="/logo.svg" alt="" className="h-8 w-8" />
        {APP_NAME}
      </Link>
      <main className="w-full max-w-md rounded-lg bg-white p-6 shadow dark:border dark:border-gray-700 dark:bg-gray-800 sm:p-8">
        <title>{title}</title>
        <h1 className="mb-4 text-xl font-bold text-gray-900 dark:text-white md:text-2xl">{title}</h1>
        {children}
      </main>
    </div>
  );
}
