-- Private helpers shared by every domain migration: extensions, the private
-- schema, the supported languages, the slug rule and the generic row guards.
-- Sections: extensions, schema, types, tables, functions.

-- ─── extensions ──────────────────────────────────────────────────────────────
create extension if not exists pg_trgm with schema extensions;

-- ─── schema ──────────────────────────────────────────────────────────────────
-- Helpers that policies and triggers call. Not exposed through the Data API.
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- ─── types ───────────────────────────────────────────────────────────────────
do $$
begin
  if not exists (select 1 from pg_type where typname = 'translation_status' and typnamespace = 'public'::regnamespace) then
    create type public.translation_status as enum ('pending', 'done', 'failed', 'stale');
  end if;
end $$;
comment on type public.translation_status is
  'pending: never translated from the current source; done: matches the source; failed: the worker gave up (retry re-queues); stale: translated from an older source, re-translation queued.';

-- ─── tables ──────────────────────────────────────────────────────────────────
create table public.languages (
  code text primary key,
  name text not null,
  position smallint not null unique
);
comment on table public.languages is 'The 14 languages content is translated into; en is the source language.';

insert into public.languages (code, name, position) values
  ('en', 'English', 1), ('es', 'Spanish', 2), ('fr', 'French', 3), ('ar', 'Arabic', 4),
  ('zh', 'Chinese', 5), ('hi', 'Hindi', 6), ('pt', 'Portuguese', 7), ('pt_BR', 'Portuguese (Brazil)', 8),
  ('ru', 'Russian', 9), ('ja', 'Japanese', 10), ('ko', 'Korean', 11), ('de', 'German', 12),
  ('tr', 'Turkish', 13), ('sw', 'Swahili', 14);

alter table public.languages enable row level security;

create policy "Anyone can read the supported languages" on public.languages
  for select to anon, authenticated using (true);

-- ─── functions ───────────────────────────────────────────────────────────────

-- The specification's slug rule, character for character: lower-case, trim,
-- drop everything but word characters (ASCII letters, digits, underscore),
-- whitespace and hyphens, collapse runs of whitespace/underscore/hyphen into
-- one hyphen, strip leading and trailing hyphens. Non-Latin text yields ''.
create or replace function private.slugify(value text) returns text
language sql immutable strict parallel safe set search_path = '' as $$
  select pg_catalog.regexp_replace(
           pg_catalog.regexp_replace(
             pg_catalog.regexp_replace(
               pg_catalog.lower(pg_catalog.btrim(value, E' \t\r\n\f\v')),
               '[^a-z0-9_[:space:]-]', '', 'g'),
             '[[:space:]_-]+', '-', 'g'),
           '^-+|-+$', '', 'g')
$$;
comment on function private.slugify(text) is 'The specification''s slug rule (ASCII word characters only).';

-- A slug unique within one table: base, base-2, base-3, ... An empty base
-- (non-Latin or punctuation-only text) falls back to "<fallback>-<id>".
create or replace function private.unique_slug(tbl regclass, source text, row_id bigint, fallback text)
returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  base text := private.slugify(coalesce(source, ''));
  candidate text;
  n int := 1;
  taken boolean;
begin
  if base = '' then
    base := fallback || '-' || row_id;
  end if;
  -- One writer at a time per table, so two equal titles cannot race to one slug.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext(tbl::text || '.slug'));
  candidate := base;
  loop
    execute pg_catalog.format('select exists (select 1 from %s where slug = $1 and id <> $2)', tbl)
      into taken using candidate, row_id;
    exit when not taken;
    n := n + 1;
    candidate := base || '-' || n;
  end loop;
  return candidate;
end $$;
comment on function private.unique_slug(regclass, text, bigint, text) is 'Slug for one row, unique in its table with -2, -3, ... on collision.';

-- True when the statement comes from a client role through the Data API
-- (anon or authenticated). Triggers, the worker (service_role) and the seed
-- (postgres) are trusted to write derived columns.
create or replace function private.is_client() returns boolean
language sql stable set search_path = '' as $$
  select current_user::text in ('anon', 'authenticated')
$$;

-- auth.uid() / auth.role() that tolerate an empty request.jwt.claims (what a
-- session holds after a request's SET LOCAL ended): used by triggers that also
-- run for server-side writers without a JWT.
create or replace function private.current_uid() returns uuid
language sql stable set search_path = '' as $$
  select nullif(coalesce(
    nullif(pg_catalog.current_setting('request.jwt.claim.sub', true), ''),
    nullif(pg_catalog.current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'), '')::uuid
$$;

create or replace function private.jwt_role() returns text
language sql stable set search_path = '' as $$
  select coalesce(
    nullif(pg_catalog.current_setting('request.jwt.claim.role', true), ''),
    nullif(pg_catalog.current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
$$;

-- 'MM-DD' of a date, for "on this day" lookups.
create or replace function private.month_day(d date) returns text
language sql immutable strict parallel safe set search_path = '' as $$
  select pg_catalog.to_char(d, 'MM-DD')
$$;

-- Raises a check violation with a readable message and the constraint name.
create or replace function private.refuse(message text, constraint_name text) returns void
language plpgsql volatile set search_path = '' as $$
begin
  raise exception using errcode = 'check_violation', message = message, constraint = constraint_name;
end $$;

-- created_at is kept, updated_at is now().
create or replace function private.touch() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    new.created_at := coalesce(case when private.is_client() then null else new.created_at end, pg_catalog.now());
  else
    new.created_at := old.created_at;
  end if;
  new.updated_at := pg_catalog.now();
  return new;
end $$;

grant execute on all functions in schema private to anon, authenticated, service_role;
