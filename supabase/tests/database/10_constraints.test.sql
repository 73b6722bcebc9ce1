-- Every check the forms make is also a database check with a readable message.
begin;
create extension if not exists pgtap with schema extensions;
select plan(22);

set local role authenticated;
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000002","role":"authenticated"}';

-- events
select throws_ok($$ insert into public.events (important, category_ids) values (3, '{1}') $$,
  '23514', 'Start Date is required', 'an event needs a start date');
select throws_ok($$ insert into public.events (start_date, important, category_ids) values ('1900-01-01', 3, '{}') $$,
  '23514', 'At least one category is required', 'an event needs a category');
select throws_ok($$ insert into public.events (start_date, important, category_ids) values ('1900-01-01', 3, '{999999}') $$,
  '23503', 'Category not found', 'an event cannot name a missing category');
select throws_ok($$ insert into public.events (start_date, important, category_ids) values ('1900-01-01', 0, '{1}') $$,
  '23514', 'Event importance is required', 'importance 0 means not selected');
select throws_ok($$ insert into public.events (start_date, important, category_ids) values ('1900-01-01', 6, '{1}') $$,
  '23514', 'Event importance must be between 1 and 5', 'importance is 1..5');
select throws_ok($$ insert into public.events (start_date, end_date, important, category_ids) values ('1900-01-02', '1900-01-01', 3, '{1}') $$,
  '23514', 'End date cannot be before start date', 'the end date is not before the start date');
select throws_ok($$ update public.events set end_date = '1000-01-01' where slug = 'apollo-11-moon-landing' $$,
  '23514', 'End date cannot be before start date', 'date order holds on edit too');
select throws_ok($$ insert into public.event_translations (event_id, language_code, title, content) values (1, 'en', '  ', '<p>x</p>')
                    on conflict (event_id, language_code) do update set title = excluded.title, content = excluded.content $$,
  '23514', 'Title is a required field', 'an event needs an English title');
select throws_ok($$ update public.event_translations set content = '' where event_id = 1 and language_code = 'en' $$,
  '23514', 'Event content is required', 'an event needs a story');
select throws_ok($$ insert into public.event_translations (event_id, language_code, title) values (1, 'xx', 'x') $$,
  '23503', null, 'only supported languages');

-- categories
select throws_ok($$ update public.category_translations set name = '' where language_code = 'en' $$,
  '23514', 'Name is required', 'a category needs a name');

-- people
select throws_ok($$ insert into public.people (name, birth_date) values (' ', '1900-01-01') $$,
  '23514', 'Name is a required field', 'a person needs a name');
select throws_ok($$ insert into public.people (name) values ('Someone') $$,
  '23514', 'Birth Date is required', 'a person needs a birth date');
select throws_ok($$ insert into public.people (name, birth_date, death_date) values ('Someone', '1900-01-02', '1900-01-01') $$,
  '23514', 'Death date cannot be before birth date', 'death is not before birth');
select throws_ok($$ update public.people_translations set biography = null where language_code = 'en' $$,
  '23514', 'Event content is required', 'a person needs a biography');

-- resources
select throws_ok($$ insert into public.resources (media_type, url) values ('image', 'https://example.com/a.png') $$,
  '23514', 'Event is required', 'a resource needs an event');
select throws_ok($$ insert into public.resources (event_id, media_type, url) values (999999, 'image', 'https://example.com/a.png') $$,
  '23503', 'Event not found', 'a resource needs an existing event');
select throws_ok($$ insert into public.resources (event_id, url) values (1, 'https://example.com/a.png') $$,
  '23514', 'Media type is required', 'a resource needs a media type');
select throws_ok($$ insert into public.resources (event_id, media_type, url) values (1, 'audio', 'https://example.com/a.mp3') $$,
  '23514', 'Media type must be image or youtube', 'media type is image or youtube');
select throws_ok($$ insert into public.resources (event_id, media_type) values (1, 'image') $$,
  '23514', 'Image is needed', 'an image resource needs an image');
select throws_ok($$ insert into public.resources (event_id, media_type, url) values (1, 'youtube', '') $$,
  '23514', 'Youtube url is required', 'a youtube resource needs a URL');
select throws_ok($$ insert into public.resources (event_id, media_type, url) values (1, 'youtube', 'https://vimeo.com/12345678') $$,
  '23514', 'Youtube url must be a YouTube video link', 'a youtube resource needs a YouTube URL');

select * from finish();
rollback;
