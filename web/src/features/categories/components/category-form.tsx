import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { ImageUploader } from '@/components/ui/image-uploader';
import { Alert } from '@/components/ui/states';

export interface CategoryFormValues {
  name: string;
  description: string;
  image: File | null;
}

export interface CategoryFormProps {
  initial?: Partial<CategoryFormValues>;
  currentImageUrl?: string | null;
  submitLabel: string;
  /** Validates in the specification's order; returns the first message or null. */
  validate(values: CategoryFormValues): { field: keyof CategoryFormValues; message: string } | null;
  onSubmit(values: CategoryFormValues): Promise<string | void>;
  /** Clear the fields after a successful submit (Add). */
  resetOnSuccess?: boolean;
}

export function CategoryForm({ initial, currentImageUrl, submitLabel, validate, onSubmit, resetOnSuccess }: CategoryFormProps) {
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [image, setImage] = useState<File | null>(null);
  const [uploaderKey, setUploaderKey] = useState(0);
  const [fieldError, setFieldError] = useState<{ field: keyof CategoryFormValues; message: string } | null>(null);
  const [banner, setBanner] = useState<{ kind: 'success' | 'error'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const values = { name, description, image };
    const problem = validate(values);
    setFieldError(problem);
    if (problem) {
      setBanner({ kind: 'error', message: problem.message });
      return;
    }
    setBanner(null);
    setBusy(true);
    try {
      const message = await onSubmit(values);
      if (message) setBanner({ kind: 'success', message });
      if (resetOnSuccess) {
        setName('');
        setDescription('');
        setImage(null);
        setUploaderKey((k) => k + 1);
      }
    } catch (err) {
      setBanner({ kind: 'error', message: err instanceof Error ? err.message : 'Something went wrong' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-2xl space-y-4">
      {banner && <Alert kind={banner.kind} message={banner.message} />}
      <Input label="Name" name="name" required placeholder="Category Name" value={name} error={fieldError?.field === 'name' ? fieldError.message : null} onChange={(e) => setName(e.target.value)} />
      <Textarea label="Description" name="description" rows={4} placeholder="Description (optional)" value={description} onChange={(e) => setDescription(e.target.value)} />
      <ImageUploader key={uploaderKey} label="Feature Image" file={image} onChange={setImage} currentUrl={currentImageUrl} error={fieldError?.field === 'image' ? fieldError.message : null} />
      <Button type="submit" busy={busy} busyText="Saving...">
        {submitLabel}
      </Button>
    </form>
  );
}
