import { useEffect, useId, useState } from 'react';
import { MAX_IMAGE_BYTES } from '@/config/constants';

/** Checks a chosen file with the specification's messages; null when fine. */
export function validateImage(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'Please upload an image file';
  if (file.size > MAX_IMAGE_BYTES) return 'Image must be less than 5MB';
  return null;
}

export interface ImageUploaderProps {
  label: string;
  file: File | null;
  onChange(file: File | null): void;
  /** The current image (editing). */
  currentUrl?: string | null;
  error?: string | null;
}

/** Images only, at most 5 MB, with a preview. */
export function ImageUploader({ label, file, onChange, currentUrl, error }: ImageUploaderProps) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    if (typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? currentUrl ?? null;
  const message = problem ?? error ?? null;
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-gray-900 dark:text-white">
        {label}
      </label>
      <div className="flex flex-col items-start gap-3 sm:flex-row">
        <div className="flex-1">
          <input
            id={id}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
            aria-invalid={message ? true : undefined}
            className="block w-full cursor-pointer rounded-lg border border-gray-300 bg-gray-50 text-sm text-gray-900 file:mr-3 file:border-0 file:bg-gray-800 file:px-4 file:py-2 file:text-white dark:border-gray-600 dark:bg-gray-700 dark:text-gray-300"
            onChange={(e) => {
              const f = e.target.files?.[0] ?? null;
              if (!f) return onChange(null);
              const bad = validateImage(f);
              setProblem(bad);
              if (bad) {
                e.target.value = '';
                onChange(null);
              } else onChange(f);
            }}
          />
          <p id={`${id}-hint`} className="mt-1 text-xs text-gray-500 dark:text-gray-400">
            PNG, JPG or GIF (MAX. 5MB)
          </p>
          {message && (
            <p id={`${id}-error`} className="mt-1 text-sm text-red-600 dark:text-red-400">
              {message}
            </p>
          )}
        </div>
        {shown && <img src={shown} alt={`${label} preview`} className="h-28 w-28 rounded-lg object-cover" />}
      </div>
    </div>
  );
}
