import type { ComponentPropsWithRef } from 'react';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';
const VARIANTS: Record<Variant, string> = {
  primary: 'bg-blue-700 text-white hover:bg-blue-800 focus-visible:ring-blue-300 dark:bg-blue-600 dark:hover:bg-blue-700',
  secondary:
    'border border-gray-300 bg-white text-gray-900 hover:bg-gray-100 focus-visible:ring-gray-200 dark:border-gray-600 dark:bg-gray-800 dark:text-white dark:hover:bg-gray-700',
  danger: 'bg-red-600 text-white hover:bg-red-700 focus-visible:ring-red-300',
  ghost: 'text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-700',
};

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: Variant;
  busy?: boolean;
  /** Text shown (with a spinner) while busy; defaults to the children. */
  busyText?: string;
}

export function Button({ variant = 'primary', busy, busyText, className = '', children, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-medium focus:outline-none focus-visible:ring-4 disabled:cursor-not-allowed disabled:opacity-60 ${VARIANTS[variant]} ${className}`}
      {...rest}
    >
      {busy && <Spinner className="h-4 w-4" label={busyText ? '' : 'Working...'} />}
      {busy && busyText ? busyText : children}
    </button>
  );
}
