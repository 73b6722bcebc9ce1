import type { SupabaseClient } from '@supabase/supabase-js';

export type JobKind = 'translate' | 'summary' | 'palette' | 'video_details' | 'delete_story';
export type EntityTable = 'categories' | 'events' | 'people' | 'resources';

export interface JobRow {
  id: number;
  kind: JobKind;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  entity_table: EntityTable | null;
  entity_id: number | null;
}

export type Db = SupabaseClient;

/** Throws with the PostgREST error's message when a call failed. */
export function check<T>(res: { data: T; error: { message: string } | null }, what: string): T {
  if (res.error) throw new Error(`${what}: ${res.error.message}`);
  return res.data;
}
