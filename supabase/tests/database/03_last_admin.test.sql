-- Nobody removes or demotes the last admin; nobody changes their own role.
begin;
create extension if not exists pgtap with schema extensions;
select plan(8);

set local role authenticated;
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000001","role":"authenticated"}';
select throws_ok($$ update public.users set role = 'staff' where uuid = 'a0000000-0000-4000-8000-000000000001' $$,
  '42501', 'You cannot change your own role', 'an admin cannot demote themself');
select throws_ok($$ delete from public.users where uuid = 'a0000000-0000-4000-8000-000000000001' $$,
  '23514', 'The last admin cannot be deleted', 'the last admin cannot delete their profile');

reset role;
select throws_ok($$ update public.users set role = 'staff' where uuid = 'a0000000-0000-4000-8000-000000000001' $$,
  '23514', 'The last admin cannot be demoted', 'not even the server can demote the last admin');
select throws_ok($$ delete from auth.users where id = 'a0000000-0000-4000-8000-000000000001' $$,
  '23514', 'The last admin cannot be deleted', 'deleting the last admin''s auth account is refused too');

-- with a second admin, one admin can demote or delete the other
update public.users set role = 'admin' where uuid = 'a0000000-0000-4000-8000-000000000002';
set local role authenticated;
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000002","role":"authenticated"}';
select lives_ok($$ update public.users set role = 'staff' where uuid = 'a0000000-0000-4000-8000-000000000001' $$,
  'an admin demotes another admin while one admin remains');
select throws_ok($$ update public.users set role = 'staff' where uuid = 'a0000000-0000-4000-8000-000000000002' $$,
  '42501', 'You cannot change your own role', 'the remaining admin still cannot change their own role');
select throws_ok($$ delete from public.users where uuid = 'a0000000-0000-4000-8000-000000000002' $$,
  '23514', 'The last admin cannot be deleted', 'the remaining admin cannot delete themself');
reset role;
select is((select count(*)::int from public.users where role = 'admin'), 1, 'exactly one admin remains');

select * from finish();
rollback;
