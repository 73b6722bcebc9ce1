import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { env, EnvError } from '@/config/env';
import { App } from '@/app/app';

const root = createRoot(document.getElementById('root')!);

try {
  env();
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
} catch (error) {
  // Fail loudly: a page that names every bad setting instead of a blank screen.
  const problems = error instanceof EnvError ? error.problems : [String(error)];
  console.error(error);
  root.render(
    <main className="mx-auto max-w-xl p-8">
      <h1 className="mb-4 text-2xl font-bold">The app is not configured</h1>
      <p className="mb-2">/runtime-config.js did not provide a valid configuration:</p>
      <ul className="list-disc pl-6 text-red-700">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </main>,
  );
}
