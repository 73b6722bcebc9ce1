-- Triggers queue jobs only when relevant input changed.
begin;
create extension if not exists pgtap with schema extensions;
select plan(17);

-- start from an empty queue
delete from public.jobs;

set local role authenticated;
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000002","role":"authenticated"}';

insert into public.events (start_date, important, category_ids)
  select '1815-06-18', 4, array[min(id)] from public.categories;
select is((select count(*)::int from public.jobs), 0, 'an event without image or text queues nothing');
insert into public.event_translations (event_id, language_code, title, content)
  select max(id), 'en', 'Battle of Waterloo', '<p>Napoleon is defeated.</p>' from public.events;
select results_eq($$ select kind::text from public.jobs order by id $$, array['summary'], 'a new story queues one summary job');
select is((select count(*)::int from public.event_translations where event_id = (select max(id) from public.events)), 14,
  'one translation row per language');
select is((select count(*)::int from public.event_translations where event_id = (select max(id) from public.events) and status = 'pending'), 13,
  'the 13 other languages wait');

reset role;
delete from public.jobs;
set local role authenticated;

update public.events set start_date = '1815-06-19', end_date = '1815-06-20' where id = (select max(id) from public.events);
select is((select count(*)::int from public.jobs), 0, 'editing dates queues nothing');
update public.events set important = 5, address = 'Waterloo, Belgium', city = 'Waterloo', country_code = 'BE', lat = 50.68, lng = 4.41
 where id = (select max(id) from public.events);
select is((select count(*)::int from public.jobs), 0, 'editing importance and address queues nothing');
update public.events set category_ids = (select array_agg(id) from public.categories) where id = (select max(id) from public.events);
select is((select count(*)::int from public.jobs), 0, 'editing categories queues nothing');
update public.event_translations set title = 'Battle of Waterloo' where event_id = (select max(id) from public.events) and language_code = 'en';
select is((select count(*)::int from public.jobs), 0, 'saving an unchanged title queues nothing');

update public.event_translations set title = 'The Battle of Waterloo' where event_id = (select max(id) from public.events) and language_code = 'en';
select results_eq($$ select kind::text from public.jobs $$, array['translate'], 'a title edit queues one translate job');
update public.event_translations set title = 'The Battle of Waterloo (1815)' where event_id = (select max(id) from public.events) and language_code = 'en';
select is((select count(*)::int from public.jobs), 1, 'a second edit before the worker runs adds no job');

update public.event_translations set content = '<p>Napoleon is defeated by Wellington and Blücher.</p>'
 where event_id = (select max(id) from public.events) and language_code = 'en';
select is((select count(*)::int from public.jobs where kind = 'summary'), 1, 'a story edit queues a summary job');

update public.events set image_url = 'https://example.com/waterloo.png' where id = (select max(id) from public.events);
select is((select payload ->> 'image_url' from public.jobs where kind = 'palette'), 'https://example.com/waterloo.png',
  'a new feature image queues a palette job');

insert into public.resources (event_id, media_type, url)
  select max(id), 'youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' from public.events;
select is((select count(*)::int from public.jobs where kind = 'video_details'), 1, 'a YouTube link queues a video details job');
update public.resources set source = 'Archive' where id = (select max(id) from public.resources);
select is((select count(*)::int from public.jobs where kind = 'video_details'), 1, 'editing a resource''s source queues nothing');

insert into public.people (name, birth_date, image_url) values ('Arthur Wellesley', '1769-05-01', 'https://example.com/w.png');
select is((select count(*)::int from public.jobs where kind = 'palette' and entity_table = 'people'), 1, 'a person''s image queues a palette job');

delete from public.events where id = (select max(id) from public.events);
reset role;
select is((select count(*)::int from public.jobs where entity_table in ('events', 'resources') and kind <> 'delete_story'), 0,
  'deleting an event drops its pending work');
select is((select payload -> 'image_urls' from public.jobs where kind = 'delete_story'), '["https://example.com/waterloo.png"]'::jsonb,
  'deleting an event queues its story clean-up with its files');

select * from finish();
rollback;
