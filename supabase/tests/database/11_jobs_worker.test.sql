-- The worker's side of the queue: claim, back-off, failure, retry, and the
-- processed flag that publishes content to the mobile app.
begin;
create extension if not exists pgtap with schema extensions;
select plan(13);

delete from public.jobs;
select private.enqueue('translate', 'categories', (select id from public.categories where slug = 'exploration'));

set local role authenticated;
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000002","role":"authenticated"}';
select throws_ok($$ select * from public.claim_jobs() $$, '42501', null, 'staff cannot claim jobs');
select results_eq($$ with u as (update public.jobs set status = 'done' returning 1) select count(*)::int from u $$, array[0],
  'staff cannot change jobs directly');

set local role service_role;
set local request.jwt.claims = '{"role":"service_role"}';
select is((select count(*)::int from public.claim_jobs(5, 60)), 1, 'the worker claims the due job');
select is((select count(*)::int from public.claim_jobs(5, 60)), 0, 'a claimed job is not claimed twice');
select is(public.fail_job((select max(id) from public.jobs), 'HTTP 429', 30), 'pending'::public.job_status, 'a failed attempt is re-queued');
select ok((select run_after > now() + interval '25 seconds' from public.jobs order by id desc limit 1), 'with the provider''s retry delay');
update public.jobs set attempts = max_attempts, status = 'running' where id = (select max(id) from public.jobs);
select is(public.fail_job((select max(id) from public.jobs), 'AI provider not configured'), 'failed'::public.job_status,
  'after max attempts the job fails for good');

set local role authenticated;
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000002","role":"authenticated"}';
select is((select last_error from public.jobs order by id desc limit 1), 'AI provider not configured', 'staff see why it failed');
select is(public.retry(job_id => (select max(id) from public.jobs)), (select max(id) from public.jobs), 'staff retry a failed job');
select is((select status::text || '/' || attempts from public.jobs order by id desc limit 1), 'pending/0', 'the job is pending again');
select throws_ok($$ select public.retry(job_id => (select max(id) from public.jobs)) $$, '22023', 'Only a failed job can be retried',
  'only failed jobs are retried');

-- finishing the last job publishes the category
set local role service_role;
set local request.jwt.claims = '{"role":"service_role"}';
select public.complete_job(id) from public.claim_jobs(5, 60);
select isnt((select processed_at from public.categories where slug = 'exploration'), null, 'a finished category is processed');

-- a finished summary is followed by its translation
select private.enqueue('summary', 'events', (select id from public.events where slug = 'battle-of-hastings'));
select public.complete_job(id) from public.claim_jobs(5, 60);
select results_eq($$ select kind::text from public.jobs where status = 'pending' $$, array['translate'], 'a finished summary queues the translation');

select * from finish();
rollback;
