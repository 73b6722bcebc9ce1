import useSWR from 'swr';
import { z } from 'zod';
import { env } from '@/config/env';
import { supabase } from '@/lib/supabase';

/**
 * What the console can tell about outside services. The AI and YouTube keys live only
 * on the server: the worker function answers `{ action: 'status' }` with booleans
 * (never the keys). Maps and chat are browser settings from /runtime-config.js.
 */
export const ServerStatusSchema = z.object({
  ai: z.object({ configured: z.boolean(), model: z.string().nullish() }).partial().nullish(),
  youtube: z.object({ configured: z.boolean() }).partial().nullish(),
});
export type ServerStatus = z.infer<typeof ServerStatusSchema>;

export interface Services {
  ai: boolean | null;
  aiModel: string | null;
  youtube: boolean | null;
  maps: boolean;
  chat: boolean;
  /** Why the server part is unknown, if it is. */
  serverProblem: string | null;
}

export async function getServices(): Promise<Services> {
  const { mapsApiKey, chatWidgetUrl } = env();
  const base = { maps: Boolean(mapsApiKey), chat: Boolean(chatWidgetUrl) };
  try {
    const { data, error } = await supabase().functions.invoke('worker', { body: { action: 'status' } });
    if (error) throw error;
    const s = ServerStatusSchema.parse(data ?? {});
    return { ...base, ai: s?.ai?.configured ?? null, aiModel: s?.ai?.model ?? null, youtube: s?.youtube?.configured ?? null, serverProblem: null };
  } catch (e) {
    const inferred = await inferFromJobs().catch(() => ({ ai: null, youtube: null }));
    const status = (e as { context?: { status?: number } })?.context?.status;
    return { ...base, ...inferred, aiModel: null, serverProblem: status ? `the worker function answered HTTP ${status}` : 'the worker function did not answer' };
  }
}

/**
 * Without the worker's answer, the job queue tells: a job waiting with "AI provider not
 * configured" means no AI key; a finished translation or summary means one works.
 */
async function inferFromJobs(): Promise<{ ai: boolean | null; youtube: boolean | null }> {
  const db = supabase();
  const head = { count: 'exact', head: true } as const;
  const [aiMissing, aiDone, ytMissing, ytDone] = await Promise.all([
    db.from('jobs').select('id', head).in('status', ['pending', 'failed']).eq('last_error', 'AI provider not configured'),
    db.from('jobs').select('id', head).in('kind', ['translate', 'summary']).eq('status', 'done'),
    db.from('jobs').select('id', head).in('status', ['pending', 'failed']).eq('last_error', 'YouTube API not configured'),
    db.from('jobs').select('id', head).eq('kind', 'video_details').eq('status', 'done'),
  ]);
  const verdict = (missing: number | null, done: number | null) => ((missing ?? 0) > 0 ? false : (done ?? 0) > 0 ? true : null);
  return { ai: verdict(aiMissing.count, aiDone.count), youtube: verdict(ytMissing.count, ytDone.count) };
}

export function useServices() {
  return useSWR(['settings', 'services'], getServices);
}

export const JobRowSchema = z.object({
  id: z.number(),
  kind: z.string(),
  status: z.string(),
  attempts: z.number(),
  last_error: z.string().nullish(),
  entity_table: z.string().nullish(),
  entity_id: z.number().nullish(),
  updated_at: z.string(),
});
export type JobRow = z.infer<typeof JobRowSchema>;

export interface QueueHealth {
  pending: number;
  running: number;
  failed: number;
  done: number;
  oldestPendingAt: string | null;
  recentFailures: JobRow[];
}

/** The job queue: counts by status (exact), the oldest waiting job and the latest failures. */
export async function getQueueHealth(): Promise<QueueHealth> {
  const db = supabase();
  const head = { count: 'exact', head: true } as const;
  const [pending, running, failed, done, oldest, failures] = await Promise.all([
    db.from('jobs').select('id', head).eq('status', 'pending'),
    db.from('jobs').select('id', head).eq('status', 'running'),
    db.from('jobs').select('id', head).eq('status', 'failed'),
    db.from('jobs').select('id', head).eq('status', 'done'),
    db.from('jobs').select('created_at').eq('status', 'pending').order('created_at', { ascending: true }).limit(1),
    db.from('jobs').select('id, kind, status, attempts, last_error, entity_table, entity_id, updated_at').eq('status', 'failed').order('updated_at', { ascending: false }).limit(10),
  ]);
  const bad = [pending, running, failed, done, oldest, failures].find((r) => r.error);
  if (bad?.error) throw new Error(bad.error.message || 'Failed to fetch the job queue');
  return {
    pending: pending.count ?? 0,
    running: running.count ?? 0,
    failed: failed.count ?? 0,
    done: done.count ?? 0,
    oldestPendingAt: (oldest.data?.[0] as { created_at?: string } | undefined)?.created_at ?? null,
    recentFailures: z.array(JobRowSchema).parse(failures.data ?? []),
  };
}

export function useQueueHealth() {
  return useSWR(['settings', 'queue'], getQueueHealth, { refreshInterval: 10_000 });
}

export async function retryJob(jobId: number): Promise<void> {
  const { error } = await supabase().rpc('retry', { job_id: jobId });
  if (error) throw new Error(error.message || 'Retry failed');
}
