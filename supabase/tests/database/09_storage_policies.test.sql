-- Buckets and who may read and write their objects.
begin;
create extension if not exists pgtap with schema extensions;
select plan(14);

insert into auth.users (id, aud, role, email) values
  ('b0000000-0000-4000-8000-000000000009', 'authenticated', 'authenticated', 'reader@example.org');

select results_eq($$ select id from storage.buckets where id in ('users', 'events', 'categories', 'people', 'resources') order by id $$,
  array['categories', 'events', 'people', 'resources', 'users'], 'the five buckets exist');
select is_empty($$ select id from storage.buckets where id in ('users', 'events', 'categories', 'people', 'resources')
                     and (file_size_limit <> 5242880 or allowed_mime_types <> array['image/png', 'image/jpeg', 'image/gif', 'image/webp']) $$,
  'every bucket takes images of at most 5 MB');

-- staff
set local role authenticated;
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000002","role":"authenticated"}';
select lives_ok($$ insert into storage.objects (bucket_id, name, owner) values ('events', 'story/a.png', 'a0000000-0000-4000-8000-000000000002') $$,
  'staff upload content images');
select lives_ok($$ insert into storage.objects (bucket_id, name) values ('users', 'a0000000-0000-4000-8000-000000000002/me.png') $$,
  'staff upload their own avatar');
select throws_ok($$ insert into storage.objects (bucket_id, name) values ('users', 'a0000000-0000-4000-8000-000000000001/x.png') $$,
  '42501', null, 'staff cannot upload another user''s avatar');
select results_eq($$ with d as (delete from storage.objects where bucket_id = 'users' and name like 'a0000000-0000-4000-8000-000000000002/%' returning 1) select count(*)::int from d $$,
  array[1], 'staff delete their own avatar');

-- admin
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000001","role":"authenticated"}';
select lives_ok($$ insert into storage.objects (bucket_id, name) values ('users', 'a0000000-0000-4000-8000-000000000002/by-admin.png') $$,
  'admins upload anyone''s avatar');

-- anon
set local role anon;
set local request.jwt.claims = '{"role":"anon"}';
select is((select count(*)::int from storage.objects where bucket_id = 'events'), 1, 'anon reads content images');
select is_empty($$ select * from storage.objects where bucket_id = 'users' $$, 'anon cannot list avatars');
select throws_ok($$ insert into storage.objects (bucket_id, name) values ('events', 'evil.png') $$, '42501', null, 'anon cannot upload');

-- mobile-app user
set local role authenticated;
set local request.jwt.claims = '{"sub":"b0000000-0000-4000-8000-000000000009","role":"authenticated"}';
select throws_ok($$ insert into storage.objects (bucket_id, name) values ('events', 'evil.png') $$, '42501', null,
  'a mobile-app user cannot upload content images');
select throws_ok($$ insert into storage.objects (bucket_id, name) values ('users', 'b0000000-0000-4000-8000-000000000009/me.png') $$, '42501', null,
  'a mobile-app user cannot upload an avatar even in their own folder');
select results_eq($$ with d as (delete from storage.objects where bucket_id = 'events' returning 1) select count(*)::int from d $$,
  array[0], 'a mobile-app user cannot delete content images');

-- staff delete content images
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000002","role":"authenticated"}';
select results_eq($$ with d as (delete from storage.objects where bucket_id = 'events' and name = 'story/a.png' returning 1) select count(*)::int from d $$,
  array[1], 'staff delete content images');

select * from finish();
rollback;
