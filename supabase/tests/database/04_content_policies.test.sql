-- Content: anon and mobile-app users read processed content only; staff read
-- and write everything; nobody else writes.
begin;
create extension if not exists pgtap with schema extensions;
select plan(22);

insert into auth.users (id, aud, role, email) values
  ('b0000000-0000-4000-8000-000000000009', 'authenticated', 'authenticated', 'reader@example.org');
-- one processed event (as the worker would leave it), the rest still pending
update public.events set processed_at = now() where slug = 'fall-of-the-berlin-wall';
update public.event_translations t set status = 'done', title = 'Chute du mur de Berlin', content = '<p>…</p>'
  from public.events e where e.id = t.event_id and e.slug = 'fall-of-the-berlin-wall' and t.language_code = 'fr';
update public.categories set processed_at = now() where slug = 'politics-revolutions';

-- anon
set local role anon;
set local request.jwt.claims = '{"role":"anon"}';
select results_eq($$ select slug from public.events $$, array['fall-of-the-berlin-wall'], 'anon reads processed events only');
select results_eq($$ select language_code from public.event_translations order by language_code $$, array['en', 'fr'],
  'anon reads finished translations of processed events only');
select is((select count(*)::int from public.categories), 1, 'anon reads processed categories only');
select is_empty($$ select * from public.people $$, 'anon reads no unprocessed people');
select is_empty($$ select * from public.resources $$, 'anon reads no unprocessed resources');
select is_empty($$ select * from public.jobs $$, 'anon reads no jobs');
select is_empty($$ select * from public.audit_log $$, 'anon reads no audit trail');
select throws_ok($$ insert into public.categories (image_url) values ('x') $$, '42501', null, 'anon cannot create content');
select results_eq($$ with d as (delete from public.events returning 1) select count(*)::int from d $$, array[0], 'anon cannot delete content');

-- mobile-app user
set local role authenticated;
set local request.jwt.claims = '{"sub":"b0000000-0000-4000-8000-000000000009","role":"authenticated"}';
select is((select count(*)::int from public.events), 1, 'a mobile-app user reads processed events only');
select is_empty($$ select * from public.jobs $$, 'a mobile-app user reads no jobs');
select throws_ok($$ insert into public.events (start_date, important, category_ids) values ('2000-01-01', 3, '{1}') $$,
  '42501', null, 'a mobile-app user cannot create events');
select results_eq($$ with u as (update public.events set important = 1 returning 1) select count(*)::int from u $$, array[0],
  'a mobile-app user cannot edit events');

-- staff
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000002","role":"authenticated"}';
select is((select count(*)::int from public.events), 11, 'staff read all events');
select ok((select count(*) from public.jobs) > 0, 'staff read job states');
select is_empty($$ select * from public.audit_log $$, 'staff do not read the audit trail');
select lives_ok($$ insert into public.categories (image_url) values ('https://example.com/c.png') $$, 'staff create categories');
select lives_ok($$ insert into public.events (start_date, important, category_ids)
                   select '1961-04-12', 4, array[min(id)] from public.categories $$, 'staff create events');
select results_eq($$ with u as (update public.events set important = 2 where slug = 'battle-of-hastings' returning 1) select count(*)::int from u $$,
  array[1], 'staff edit events');
select results_eq($$ with d as (delete from public.resources where media_type = 'image' returning 1) select count(*)::int from d $$,
  array[2], 'staff delete resources');

-- admin
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000001","role":"authenticated"}';
select ok((select count(*) from public.audit_log) > 0, 'admins read the audit trail');
select is((select count(*)::int from public.events), 12, 'admins read all events');

select * from finish();
rollback;
