import { Hono } from 'hono';
import type { StackContext } from '../context.ts';

// Placeholder until the storage module lands.
export function storageRoutes(_ctx: StackContext): Hono {
  const app = new Hono();
  app.all('*', (c) => c.json({ message: 'not implemented yet' }, 501));
  return app;
}
