-- What the Edge Functions' job worker needs beyond the job queue of
-- 20261121000300_jobs.sql (whose claim_jobs / complete_job / fail_job it uses):
-- waiting without spending attempts (no AI key yet), failing for good at once
-- (an invalid video link), and two derived columns the functions write.
-- Sections: tables, functions.

-- ─── tables ──────────────────────────────────────────────────────────────────
alter table public.event_translations add column if not exists summary_source_hash text;
comment on column public.event_translations.summary_source_hash is
  'en: sha-256 of the sanitised story the description (AI summary) was made from; a rerun on the same story costs no model call.';

alter table public.resources add column if not exists duration_seconds integer;
comment on column public.resources.duration_seconds is 'The YouTube duration (duration, ISO 8601) in seconds.';

-- ─── functions (the worker's API; service_role only) ────────────────────────

-- Puts a claimed job back to wait without counting the attempt (the AI key is
-- missing): pending again after delay_seconds, the reason in last_error.
create or replace function public.defer_job(job_id bigint, reason text, delay_seconds integer default 300) returns void
language plpgsql volatile set search_path = '' as $$
begin
  begin
    update public.jobs
       set status = 'pending', attempts = greatest(attempts - 1, 0), last_error = reason, locked_until = null,
           run_after = pg_catalog.now() + pg_catalog.make_interval(secs => delay_seconds)
     where id = job_id;
  exception when unique_violation then
    -- a newer pending job of the same key does the same work
    update public.jobs set status = 'done', locked_until = null, last_error = 'superseded by a newer job while: ' || reason
     where id = job_id;
  end;
end $$;
comment on function public.defer_job(bigint, text, integer) is 'Worker: re-queue a job without counting the attempt (e.g. AI provider not configured).';

-- Jobs waiting for a reason that is gone (a key was set): due now.
create or replace function public.wake_jobs(reason text) returns integer
language plpgsql volatile set search_path = '' as $$
declare n integer;
begin
  update public.jobs set run_after = pg_catalog.now()
   where status = 'pending' and last_error = reason and run_after > pg_catalog.now();
  get diagnostics n = row_count;
  return n;
end $$;
comment on function public.wake_jobs(text) is 'Worker: make jobs that wait for the given reason due now.';

-- Fails a job for good: retrying cannot help (an invalid URL, a missing row).
create or replace function public.give_up_job(job_id bigint, error text) returns void
language sql volatile set search_path = '' as $$
  update public.jobs set status = 'failed', last_error = error, locked_until = null where id = job_id
$$;
comment on function public.give_up_job(bigint, text) is 'Worker: mark a job failed without further retries.';

revoke execute on function public.defer_job(bigint, text, integer), public.wake_jobs(text), public.give_up_job(bigint, text)
  from public, anon, authenticated;
grant execute on function public.defer_job(bigint, text, integer), public.wake_jobs(text), public.give_up_job(bigint, text)
  to service_role;
