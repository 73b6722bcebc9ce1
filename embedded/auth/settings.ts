// The auth knobs live in the stack's one configuration module.
export type { AuthSettings } from '../config.ts';
