-- month_day, author_id, timestamps, colors and processed_at are derived on the
-- server; client values are ignored.
begin;
create extension if not exists pgtap with schema extensions;
select plan(12);

set local role authenticated;
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000002","role":"authenticated"}';

insert into public.events (start_date, important, category_ids, month_day, author_id, colors, processed_at, created_at)
  select '1969-07-20', 5, array[min(id)], '01-01', 'a0000000-0000-4000-8000-000000000001', '{"vibrant":"#fff"}', now(), '2000-01-01'
    from public.categories;
select is((select month_day from public.events order by id desc limit 1), '07-20', 'month_day is MM-DD of start_date');
select is((select author_id from public.events order by id desc limit 1), 'a0000000-0000-4000-8000-000000000002'::uuid,
  'author_id is the signed-in user, whatever the client sent');
select is((select colors from public.events order by id desc limit 1), null, 'clients cannot set colors');
select is((select processed_at from public.events order by id desc limit 1), null, 'clients cannot mark content processed');
select ok((select created_at > now() - interval '1 minute' from public.events order by id desc limit 1), 'created_at is set by the server');

update public.events set start_date = '1969-12-31', author_id = 'a0000000-0000-4000-8000-000000000001'
 where id = (select max(id) from public.events);
select is((select month_day from public.events order by id desc limit 1), '12-31', 'month_day follows start_date');
select is((select author_id from public.events order by id desc limit 1), 'a0000000-0000-4000-8000-000000000002'::uuid,
  'author_id is immutable');

insert into public.people (name, birth_date, author_id) values ('Ada Lovelace', '1815-12-10', null);
select is((select month_day from public.people order by id desc limit 1), '12-10', 'people month_day is MM-DD of birth_date');
select is((select author_id from public.people order by id desc limit 1), 'a0000000-0000-4000-8000-000000000002'::uuid,
  'people author_id is the signed-in user');

insert into public.resources (event_id, media_type, url, author_id)
  select max(id), 'youtube', 'https://youtu.be/abcdefghijk', null from public.events;
select is((select author_id from public.resources order by id desc limit 1), 'a0000000-0000-4000-8000-000000000002'::uuid,
  'resource author_id is the signed-in user');

-- a trusted writer (the worker) may write colors; a new image resets them
reset role;
update public.events set colors = '{"vibrant":"#123456"}' where id = (select max(id) from public.events);
select is((select colors ->> 'vibrant' from public.events order by id desc limit 1), '#123456', 'the worker writes colors');
set local role authenticated;
update public.events set image_url = 'https://example.com/new.png' where id = (select max(id) from public.events);
select is((select colors from public.events order by id desc limit 1), null, 'replacing the image clears its colors');

select * from finish();
rollback;
