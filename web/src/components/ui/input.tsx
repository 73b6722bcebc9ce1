import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

const FIELD =
  'block w-full rounded-lg border border-gray-300 bg-gray-50 p-2.5 text-sm text-gray-900 focus:border-blue-500 focus:ring-blue-500 dark:border-gray-600 dark:bg-gray-700 dark:text-white dark:placeholder-gray-400';

interface FieldProps {
  label: string;
  error?: string | null;
  hint?: ReactNode;
}

function Wrapper({ id, label, error, hint, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-gray-900 dark:text-white">
        {label}
      </label>
      {children}
      {hint && <p id={`${id}-hint`} className="text-xs text-gray-500 dark:text-gray-400">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string | null, hint?: ReactNode) {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

export function Input({ label, error, hint, id, className = '', ...rest }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Wrapper id={fid} label={label} error={error} hint={hint}>
      <input id={fid} aria-invalid={error ? true : undefined} aria-describedby={describedBy(fid, error, hint)} className={`${FIELD} ${className}`} {...rest} />
    </Wrapper>
  );
}

/** A password input, masked by default, with a show/hide toggle. */
export function PasswordInput({ label, error, hint, id, ...rest }: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const auto = useId();
  const fid = id ?? auto;
  const [shown, setShown] = useState(false);
  return (
    <Wrapper id={fid} label={label} error={error} hint={hint}>
      <div className="relative">
        <input
          id={fid}
          type={shown ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fid, error, hint)}
          className={`${FIELD} pr-16`}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
          aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          className="absolute inset-y-0 right-0 px-3 text-xs font-medium text-blue-700 hover:underline dark:text-blue-400"
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
    </Wrapper>
  );
}

export function Textarea({ label, error, hint, id, className = '', ...rest }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Wrapper id={fid} label={label} error={error} hint={hint}>
      <textarea id={fid} aria-invalid={error ? true : undefined} aria-describedby={describedBy(fid, error, hint)} className={`${FIELD} ${className}`} {...rest} />
    </Wrapper>
  );
}

export function Select({ label, error, hint, id, children, className = '', ...rest }: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Wrapper id={fid} label={label} error={error} hint={hint}>
      <select id={fid} aria-invalid={error ? true : undefined} aria-describedby={describedBy(fid, error, hint)} className={`${FIELD} ${className}`} {...rest}>
        {children}
      </select>
    </Wrapper>
  );
}
