-- Every public table has row-level security; every policy is one command for
-- explicit roles; privileged helpers have an empty search_path.
begin;
create extension if not exists pgtap with schema extensions;
select plan(8);

select tables_are('public', array[
  'languages', 'users', 'jobs', 'categories', 'category_translations', 'events', 'event_translations',
  'people', 'people_translations', 'resources', 'audit_log'
], 'public has exactly the product''s tables');

select is_empty($$
  select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity
$$, 'row-level security is enabled on every public table');

select is_empty($$
  select schemaname || '.' || tablename || ': ' || policyname from pg_policies
   where schemaname in ('public', 'storage') and (cmd = 'ALL' or 'public' = any (roles))
$$, 'every policy has one command and explicit roles');

select is_empty($$
  select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname in ('private', 'public') and p.prosecdef
     and not coalesce(p.proconfig @> array['search_path=""'], false)
$$, 'every security definer function has an empty search_path');

select ok(not has_schema_privilege('anon', 'private', 'create'), 'anon cannot create in the private schema');

select ok(not has_function_privilege('authenticated', 'public.claim_jobs(integer, integer)', 'execute')
  and not has_function_privilege('anon', 'public.claim_jobs(integer, integer)', 'execute')
  and has_function_privilege('service_role', 'public.claim_jobs(integer, integer)', 'execute'),
  'only service_role may claim jobs');

select ok(not has_function_privilege('anon', 'public.retry(bigint, text, bigint, text)', 'execute'),
  'anon may not call retry');

select is((select count(*)::int from public.languages), 14, 'fourteen supported languages');

select * from finish();
rollback;
