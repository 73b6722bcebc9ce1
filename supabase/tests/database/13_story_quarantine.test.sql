-- A staff edit of a published story is quarantined: anon and mobile-app users
-- cannot read the English row until the story step (service_role) has written
-- the sanitised HTML back; staff still read their draft.
begin;
create extension if not exists pgtap with schema extensions;
select plan(16);

insert into auth.users (id, aud, role, email) values
  ('b0000000-0000-4000-8000-000000000009', 'authenticated', 'authenticated', 'reader@example.org');
-- a processed event (as the worker leaves it)
update public.events set processed_at = now() where slug = 'fall-of-the-berlin-wall';
create temporary table wall as select id from public.events where slug = 'fall-of-the-berlin-wall';
grant select on wall to anon, authenticated, service_role;
delete from public.jobs;

select is((select content_sanitized from public.event_translations where event_id = (select id from wall) and language_code = 'en'),
  true, 'a story written by a trusted writer (seed) is not quarantined');

set local role anon;
set local request.jwt.claims = '{"role":"anon"}';
select is((select count(*)::int from public.event_translations where event_id = (select id from wall) and language_code = 'en'),
  1, 'anon reads the published story');

-- staff save a story with XSS payloads
set local role authenticated;
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000002","role":"authenticated"}';
update public.event_translations
   set content = '<p>ok</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>'
 where event_id = (select id from wall) and language_code = 'en';
select is((select content_sanitized from public.event_translations where event_id = (select id from wall) and language_code = 'en'),
  false, 'a staff edit of the story quarantines it');
select matches((select content from public.event_translations where event_id = (select id from wall) and language_code = 'en'),
  '<script>', 'staff still read their draft');

set local role anon;
set local request.jwt.claims = '{"role":"anon"}';
select is_empty($$ select * from public.event_translations where event_id = (select id from wall) and language_code = 'en' $$,
  'anon cannot read the unsanitised story');
select is_empty($$ select * from public.event_translations where content ~* 'script|onerror|javascript:' $$,
  'anon reads no payload anywhere');

set local role authenticated;
set local request.jwt.claims = '{"sub":"b0000000-0000-4000-8000-000000000009","role":"authenticated"}';
select is_empty($$ select * from public.event_translations where event_id = (select id from wall) and language_code = 'en' $$,
  'a mobile-app user cannot read it either');

-- staff cannot lift the quarantine themselves; a title edit keeps it
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000002","role":"authenticated"}';
update public.event_translations set content_sanitized = true where event_id = (select id from wall) and language_code = 'en';
select is((select content_sanitized from public.event_translations where event_id = (select id from wall) and language_code = 'en'),
  false, 'a client cannot set content_sanitized');
update public.event_translations set title = 'The fall of the Wall' where event_id = (select id from wall) and language_code = 'en';
select is((select content_sanitized from public.event_translations where event_id = (select id from wall) and language_code = 'en'),
  false, 'a title edit keeps the quarantine');

reset role;
select is((select count(*)::int from public.jobs where kind = 'summary' and entity_id = (select id from wall) and status = 'pending'),
  1, 'the story step is queued');

-- the worker's summary write alone does not release it
set local role service_role;
set local request.jwt.claims = '{"role":"service_role"}';
update public.event_translations set description = 'A summary.' where event_id = (select id from wall) and language_code = 'en';
select is((select content_sanitized from public.event_translations where event_id = (select id from wall) and language_code = 'en'),
  false, 'a service write that does not sanitise keeps the quarantine');

-- the story step writes the sanitised HTML back
update public.event_translations set content = '<p>ok</p><img src="x"><a>x</a>', content_sanitized = true
 where event_id = (select id from wall) and language_code = 'en';
select is((select status::text from public.event_translations where event_id = (select id from wall) and language_code = 'en'),
  'done', 'the sanitised story is done');

set local role anon;
set local request.jwt.claims = '{"role":"anon"}';
select results_eq($$ select content from public.event_translations where event_id = (select id from wall) and language_code = 'en' $$,
  array['<p>ok</p><img src="x"><a>x</a>'], 'anon reads the sanitised story');

-- a new English row written by staff starts quarantined
set local role authenticated;
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000002","role":"authenticated"}';
insert into public.events (start_date, category_ids, important) values ('2000-01-01', (select array[min(id)] from public.categories), 3);
insert into public.event_translations (event_id, language_code, title, content, content_sanitized)
  values ((select max(id) from public.events), 'en', 'New', '<p>x</p>', true);
select is((select content_sanitized from public.event_translations where event_id = (select max(id) from public.events) and language_code = 'en'),
  false, 'a story inserted by staff starts quarantined');

-- other languages are written by the worker (which sanitises) and are never quarantined
reset role;
set local role service_role;
set local request.jwt.claims = '{"role":"service_role"}';
insert into public.event_translations (event_id, language_code, title, content, content_sanitized, status)
  values ((select id from wall), 'de', 'Mauerfall', '<p>x</p>', false, 'done')
  on conflict (event_id, language_code) do update set title = excluded.title, content = excluded.content,
     content_sanitized = excluded.content_sanitized, status = excluded.status;
select is((select content_sanitized from public.event_translations where event_id = (select id from wall) and language_code = 'de'),
  true, 'other languages are never quarantined');

reset role;
select policies_are('public', 'event_translations', array[
  'Anyone can read finished sanitised translations of processed events',
  'Staff can read all event translations', 'Staff can create event translations',
  'Staff can edit event translations', 'Staff can delete event translations'],
  'anon''s read policy of event translations requires a sanitised story');

select * from finish();
rollback;
