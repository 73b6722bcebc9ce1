import type { StackConfig } from './config.ts';
import type { Db } from './db/adapter.ts';
import type { Keys } from './keys.ts';
import type { Outbox } from './outbox/outbox.ts';

/** What every part of the embedded stack is handed: built once in stack.ts. */
export interface StackContext {
  config: StackConfig;
  db: Db;
  keys: Keys;
  outbox: Outbox;
  /** The public base URL of the API (http://host:apiPort). */
  apiUrl: string;
  log: (line: string) => void;
  /** Set by the REST module: reload the relationship cache (after DDL). */
  reloadSchema?: () => Promise<void>;
}
