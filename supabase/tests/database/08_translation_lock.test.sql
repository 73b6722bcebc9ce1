-- A language a person edited is locked: the machine neither re-queues nor
-- overwrites it until staff hand it back.
begin;
create extension if not exists pgtap with schema extensions;
select plan(11);

set local role authenticated;
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000002","role":"authenticated"}';

update public.event_translations set title = 'Chute du mur de Berlin', content = '<p>Le mur tombe.</p>'
 where language_code = 'fr' and event_id = (select id from public.events where slug = 'fall-of-the-berlin-wall');
select is((select human_edited from public.event_translations t join public.events e on e.id = t.event_id
            where e.slug = 'fall-of-the-berlin-wall' and language_code = 'fr'), true, 'a person''s edit locks the language');
select is((select status::text from public.event_translations t join public.events e on e.id = t.event_id
            where e.slug = 'fall-of-the-berlin-wall' and language_code = 'fr'), 'done', 'and marks it done');

update public.event_translations set title = 'The fall of the Berlin Wall'
 where language_code = 'en' and event_id = (select id from public.events where slug = 'fall-of-the-berlin-wall');
select is((select status::text from public.event_translations t join public.events e on e.id = t.event_id
            where e.slug = 'the-fall-of-the-berlin-wall' and language_code = 'fr'), 'done', 'an English edit leaves the locked language alone');
select is((select status::text from public.event_translations t join public.events e on e.id = t.event_id
            where e.slug = 'the-fall-of-the-berlin-wall' and language_code = 'es'), 'pending', 'and re-queues the unlocked ones');

-- the worker cannot overwrite it
reset role;
set local role service_role;
set local request.jwt.claims = '{"role":"service_role"}';
update public.event_translations set title = 'Machine title', status = 'done', model = 'gemini'
 where language_code = 'fr' and event_id = (select id from public.events where slug = 'the-fall-of-the-berlin-wall');
select is((select title from public.event_translations t join public.events e on e.id = t.event_id
            where e.slug = 'the-fall-of-the-berlin-wall' and language_code = 'fr'), 'Chute du mur de Berlin', 'the worker cannot overwrite a locked language');
update public.event_translations set title = 'Caída del Muro de Berlín', status = 'done', model = 'gemini'
 where language_code = 'es' and event_id = (select id from public.events where slug = 'the-fall-of-the-berlin-wall');
select is((select title from public.event_translations t join public.events e on e.id = t.event_id
            where e.slug = 'the-fall-of-the-berlin-wall' and language_code = 'es'), 'Caída del Muro de Berlín', 'the worker writes unlocked languages');

-- retry hands one language back to the machine
reset role;
delete from public.jobs where kind = 'translate';
set local role authenticated;
set local request.jwt.claims = '{"sub":"b0000000-0000-4000-8000-000000000009","role":"authenticated"}';
select throws_ok($$ select public.retry(entity => 'events', entity_id => (select 10::bigint), language_code => 'fr') $$,
  '42501', 'Only staff can retry jobs', 'a user without a profile cannot retry');
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000002","role":"authenticated"}';
select isnt(public.retry(entity => 'events', entity_id => (select id from public.events where slug = 'the-fall-of-the-berlin-wall'), language_code => 'fr'),
  null, 'staff retry one language and get its job id');
reset role;
select is((select status::text || '/' || human_edited from public.event_translations t join public.events e on e.id = t.event_id
            where e.slug = 'the-fall-of-the-berlin-wall' and language_code = 'fr'), 'pending/false', 'the retried language is unlocked and pending');
select is((select count(*)::int from public.jobs where kind = 'translate' and status = 'pending'), 1, 'one translate job is queued');

-- unlocking by editing the flag also hands it back
update public.event_translations set human_edited = true
 where language_code = 'de' and event_id = (select id from public.events where slug = 'the-fall-of-the-berlin-wall');
set local role authenticated;
update public.event_translations set human_edited = false
 where language_code = 'de' and event_id = (select id from public.events where slug = 'the-fall-of-the-berlin-wall');
reset role;
select is((select count(*)::int from public.jobs where kind = 'translate' and status = 'pending'), 1, 'unlocking queues no duplicate job');

select * from finish();
rollback;
