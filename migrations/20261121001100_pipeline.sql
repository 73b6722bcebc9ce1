-- What the Edge Functions' job worker needs beyond the job queue of
-- 20261121000300_jobs.sql (whose claim_jobs / complete_job / fail_job it uses):
-- waiting without spending attempts (no AI key yet), failing for good at once
-- (an invalid video link), claiming one job per entity at a time, and two
-- derived columns the functions write.
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

-- Claims the pending job of one kind for one entity (due or not), as the
-- functions-story function does to run the summary job inline, so the worker
-- and the function never do the same work twice.
create or replace function public.claim_entity_job(job public.job_kind, entity text, entity_row bigint, lock_seconds integer default 300)
returns setof public.jobs
language sql volatile set search_path = '' as $$
  update public.jobs j
     set status = 'running', attempts = j.attempts + 1,
         locked_until = pg_catalog.now() + pg_catalog.make_interval(secs => lock_seconds)
   where j.id in (
     select c.id from public.jobs c
      where c.kind = job and c.entity_table = entity and c.entity_id = entity_row and c.status = 'pending'
      order by c.id
      limit 1
      for update skip locked)
  returning j.*
$$;
comment on function public.claim_entity_job(public.job_kind, text, bigint, integer) is 'Functions: claim the pending job of a kind for one entity (FOR UPDATE SKIP LOCKED).';
revoke execute on function public.claim_entity_job(public.job_kind, text, bigint, integer) from public, anon, authenticated;
grant execute on function public.claim_entity_job(public.job_kind, text, bigint, integer) to service_role;

-- The worker's claim: like claim_jobs (FOR UPDATE SKIP LOCKED, due or with an
-- expired lease), but at most one job per entity at a time, so two jobs of one
-- event (a summary finishing, the translation it queued) never run side by
-- side and translate the same languages twice.
create or replace function public.claim_jobs_exclusive(batch_size integer default 5, lock_seconds integer default 300)
returns setof public.jobs
language plpgsql volatile set search_path = '' as $$
begin
  return query
  with candidates as (
    select c.id, c.entity_table, c.entity_id, c.run_after from public.jobs c
     where ((c.status = 'pending' and c.run_after <= pg_catalog.now()) or (c.status = 'running' and c.locked_until < pg_catalog.now()))
       and not exists (
         select 1 from public.jobs r
          where r.status = 'running' and r.locked_until >= pg_catalog.now() and r.id <> c.id
            and r.entity_table = c.entity_table and r.entity_id = c.entity_id)
     order by c.run_after, c.id
     limit batch_size * 4
     for update skip locked
  ), firsts as (
    select distinct on (coalesce(f.entity_table, ''), coalesce(f.entity_id, -f.id)) f.id, f.run_after
      from candidates f
     order by coalesce(f.entity_table, ''), coalesce(f.entity_id, -f.id), f.run_after, f.id
  ), chosen as (
    select x.id from firsts x order by x.run_after, x.id limit batch_size
  )
  update public.jobs j
     set status = 'running', attempts = j.attempts + 1,
         locked_until = pg_catalog.now() + pg_catalog.make_interval(secs => lock_seconds)
   where j.id in (select chosen.id from chosen)
  returning j.*;
end $$;
comment on function public.claim_jobs_exclusive(integer, integer) is 'Worker: claim up to batch_size due jobs, one per entity, none of an entity with a running job.';
revoke execute on function public.claim_jobs_exclusive(integer, integer) from public, anon, authenticated;
grant execute on function public.claim_jobs_exclusive(integer, integer) to service_role;
