-- The specification's slug rule, collisions, punctuation, non-Latin text, and
-- that clients cannot set slugs.
begin;
create extension if not exists pgtap with schema extensions;
select plan(16);

select is(private.slugify('Hello World'), 'hello-world', 'lower-case, spaces become hyphens');
select is(private.slugify('   Trimmed title   '), 'trimmed-title', 'trimmed');
select is(private.slugify('Rock & Roll: 1950s!'), 'rock-roll-1950s', 'punctuation removed');
select is(private.slugify('snake_case -- and   spaces'), 'snake-case-and-spaces', 'runs of spaces, underscores and hyphens collapse');
select is(private.slugify('--Edge--'), 'edge', 'leading and trailing hyphens removed');
select is(private.slugify('Café au lait'), 'caf-au-lait', 'non-ASCII letters are removed, as the rule says');
select is(private.slugify('Французская революция'), '', 'non-Latin text yields an empty slug');

set local role authenticated;
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000002","role":"authenticated"}';

-- two more events titled like a seeded one
insert into public.events (start_date, important, category_ids, slug)
  select '1066-10-14', 3, array[min(id)], 'chosen-by-client' from public.categories;
select is((select slug from public.events order by id desc limit 1), null, 'a client-sent slug is ignored');
insert into public.event_translations (event_id, language_code, title, content)
  select max(id), 'en', 'Battle of Hastings', '<p>Again.</p>' from public.events;
select is((select slug from public.events order by id desc limit 1), 'battle-of-hastings-2', 'first collision gets -2');
insert into public.events (start_date, important, category_ids) select '1066-10-14', 3, array[min(id)] from public.categories;
insert into public.event_translations (event_id, language_code, title, content)
  select max(id), 'en', 'Battle of Hastings!', '<p>Once more.</p>' from public.events;
select is((select slug from public.events order by id desc limit 1), 'battle-of-hastings-3', 'second collision gets -3');

-- non-Latin title
insert into public.events (start_date, important, category_ids) select '1789-07-14', 4, array[min(id)] from public.categories;
insert into public.event_translations (event_id, language_code, title, content)
  select max(id), 'en', 'Взятие Бастилии', '<p>…</p>' from public.events;
select is((select slug from public.events order by id desc limit 1), (select 'event-' || max(id) from public.events),
  'a title with no Latin letters falls back to event-<id>');

-- the slug follows the title
update public.event_translations set title = 'Battle of Stamford Bridge'
 where event_id = (select id from public.events where slug = 'battle-of-hastings-2') and language_code = 'en';
select ok(exists (select 1 from public.events where slug = 'battle-of-stamford-bridge'), 'editing the title re-derives the slug');

update public.events set slug = 'hijacked' where slug = 'battle-of-hastings';
select ok(exists (select 1 from public.events where slug = 'battle-of-hastings'), 'a client cannot overwrite a slug');

-- people and categories
insert into public.people (name, birth_date, slug) values ('Marie Curie', '1867-11-07', 'x');
select is((select slug from public.people order by id desc limit 1), 'marie-curie-2', 'people slugs come from the name, unique');
insert into public.categories default values;
insert into public.category_translations (category_id, language_code, name) select max(id), 'en', 'Exploration' from public.categories;
select is((select slug from public.categories order by id desc limit 1), 'exploration-2', 'category slugs come from the English name, unique');
insert into public.people (name, birth_date) values ('孔子', '0551-09-28 BC');
select is((select slug from public.people order by id desc limit 1), (select 'person-' || max(id) from public.people),
  'a non-Latin name falls back to person-<id>');

select * from finish();
rollback;
