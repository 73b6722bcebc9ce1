-- Who can read and write staff profiles: anon, a mobile-app user, staff, admin.
begin;
create extension if not exists pgtap with schema extensions;
select plan(20);

-- fixtures: a mobile-app account (no profile) and a new auth user for admin to add
insert into auth.users (id, aud, role, email) values
  ('b0000000-0000-4000-8000-000000000009', 'authenticated', 'authenticated', 'reader@example.org'),
  ('b0000000-0000-4000-8000-000000000010', 'authenticated', 'authenticated', 'new.staff@example.com');

-- anon
set local role anon;
set local request.jwt.claims = '{"role":"anon"}';
select is_empty($$ select * from public.users $$, 'anon reads no profiles');
select throws_ok($$ insert into public.users (uuid, email, username, fullname) values ('b0000000-0000-4000-8000-000000000010', 'x@example.com', 'x', 'X') $$,
  '42501', null, 'anon cannot add profiles');

-- mobile-app user
set local role authenticated;
set local request.jwt.claims = '{"sub":"b0000000-0000-4000-8000-000000000009","role":"authenticated"}';
select is_empty($$ select * from public.users $$, 'a mobile-app user reads no profiles');
select throws_ok($$ insert into public.users (uuid, email, username, fullname) values ('b0000000-0000-4000-8000-000000000009', 'reader@example.org', 'reader', 'Reader') $$,
  '42501', null, 'a mobile-app user cannot give themself a profile');

-- staff
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000002","role":"authenticated"}';
select is((select count(*)::int from public.users), 2, 'staff read the staff directory');
select results_eq($$ with u as (update public.users set fullname = 'Samantha Staff', phone_number = '+44 20 7946 0000'
                                  where uuid = 'a0000000-0000-4000-8000-000000000002' returning 1) select count(*)::int from u $$,
  array[1], 'staff edit their own profile');
select results_eq($$ with u as (update public.users set fullname = 'Hacked' where role = 'admin' returning 1) select count(*)::int from u $$,
  array[0], 'staff cannot edit another profile');
select throws_ok($$ update public.users set role = 'admin' where uuid = 'a0000000-0000-4000-8000-000000000002' $$,
  '42501', 'You cannot change your own role', 'staff cannot promote themselves');
select throws_ok($$ update public.users set email = 'me@example.com' where uuid = 'a0000000-0000-4000-8000-000000000002' $$,
  '42501', 'Only admins can change an e-mail address or username', 'staff cannot change their own e-mail');
select throws_ok($$ insert into public.users (uuid, email, username, fullname) values ('b0000000-0000-4000-8000-000000000010', 'n@example.com', 'n', 'N') $$,
  '42501', null, 'staff cannot add profiles');
select results_eq($$ with d as (delete from public.users where role = 'admin' returning 1) select count(*)::int from d $$,
  array[0], 'staff cannot delete profiles');

-- admin
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000001","role":"authenticated"}';
select lives_ok($$ insert into public.users (uuid, email, username, fullname) values ('b0000000-0000-4000-8000-000000000010', 'new.staff@example.com', 'newstaff', 'New Staff') $$,
  'admins add staff profiles');
select is((select role from public.users where username = 'newstaff'), 'staff', 'a new profile gets role staff');
select throws_ok($$ insert into public.users (uuid, email, username, fullname) values ('b0000000-0000-4000-8000-000000000009', 'STAFF@example.com', 'other', 'Other') $$,
  '23505', 'Email already in use', 'e-mail addresses are unique, case-insensitive');
select throws_ok($$ insert into public.users (uuid, email, username, fullname) values ('b0000000-0000-4000-8000-000000000009', 'other@example.com', 'NewStaff', 'Other') $$,
  '23505', 'Username already taken', 'usernames are unique, case-insensitive');
select throws_ok($$ insert into public.users (uuid, email, username, fullname) values ('b0000000-0000-4000-8000-000000000009', '', '', '  ') $$,
  '23514', 'Full name field is required', 'the full name is checked first');
select results_eq($$ with u as (update public.users set role = 'admin' where username = 'newstaff' returning 1) select count(*)::int from u $$,
  array[1], 'admins change roles of others');
select results_eq($$ with u as (update public.users set fullname = 'Sam Staff', email = 'sam@example.com' where username = 'staff' returning 1) select count(*)::int from u $$,
  array[1], 'admins edit any profile, e-mail included');
select results_eq($$ with d as (delete from public.users where username = 'newstaff' returning 1) select count(*)::int from d $$,
  array[1], 'admins delete profiles');
reset role;
select is((select count(*)::int from auth.users where id = 'b0000000-0000-4000-8000-000000000010'), 1,
  'deleting a profile keeps the auth account');

select * from finish();
rollback;
