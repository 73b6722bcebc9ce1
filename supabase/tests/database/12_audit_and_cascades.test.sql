-- The audit trail, and what deleting a category does to events.
begin;
create extension if not exists pgtap with schema extensions;
select plan(7);

set local role authenticated;
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000002","role":"authenticated"}';
update public.events set important = 1 where slug = 'battle-of-hastings';
reset role;
select is((select changes from public.audit_log where table_name = 'events' and action = 'UPDATE' order by id desc limit 1),
  '{"important": {"old": 3, "new": 1}}'::jsonb, 'an edit records the old and new value of the changed column only');
select is((select actor_id from public.audit_log where table_name = 'events' order by id desc limit 1),
  'a0000000-0000-4000-8000-000000000002'::uuid, 'and who made it');
select is((select record_id from public.audit_log where table_name = 'events' order by id desc limit 1),
  (select id::text from public.events where slug = 'battle-of-hastings'), 'and which row');

set local role authenticated;
delete from public.categories where slug = 'exploration';
reset role;
select is((select action from public.audit_log where table_name = 'categories' order by id desc limit 1), 'DELETE', 'deletions are recorded');
select is_empty($$ select 1 from public.events e where not (e.category_ids <@ (select array_agg(id) from public.categories)) $$,
  'no event keeps a deleted category id');
select results_eq($$ select category_ids = array[(select id from public.categories where slug = 'science-discovery')]
                       from public.events where slug = 'apollo-11-moon-landing' $$, array[true],
  'an event keeps its other categories');
select is((select count(*)::int from public.category_translations where category_id not in (select id from public.categories)), 0,
  'a category''s translations go with it');

select * from finish();
rollback;
