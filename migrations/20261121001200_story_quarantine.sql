-- Story quarantine: a story (event_translations.content, English) written by
-- staff is raw HTML until the story step (functions-story / the summary job,
-- as service_role) has sanitised it. Until then nobody but staff can read the
-- row, even when the event is already processed and visible to the mobile app;
-- otherwise an edit of a published story would serve its unsanitised HTML to
-- anon until the worker ran.
-- Sections: tables, triggers, policies.

-- ─── tables ──────────────────────────────────────────────────────────────────
alter table public.event_translations add column if not exists content_sanitized boolean not null default true;
comment on column public.event_translations.content_sanitized is
  'en: false from the moment a client (staff) changes the story until the story step (service_role) writes the sanitised HTML back '
  'and sets it true; anon and mobile users cannot read the row meanwhile. Always true for the other languages (written by the worker, which sanitises).';

-- Stories already waiting for their story step when this migration runs.
update public.event_translations t
   set content_sanitized = false
 where t.language_code = 'en'
   and exists (select 1 from public.jobs j
                where j.kind = 'summary' and j.entity_table = 'events' and j.entity_id = t.event_id
                  and j.status in ('pending', 'running'));

-- ─── triggers ────────────────────────────────────────────────────────────────
-- Fires after event_translations_before_write (triggers of one table fire in
-- name order). Clients cannot set the flag: a changed English story clears it,
-- anything else keeps it. Trusted writers (service_role, migrations, seed) set
-- it as they write it: the story step sets it true with the sanitised HTML.
create or replace function private.event_story_quarantine() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.language_code <> 'en' then
    new.content_sanitized := true;
  elsif private.is_client() then
    if tg_op = 'INSERT' then
      new.content_sanitized := false;
    elsif new.content is distinct from old.content then
      new.content_sanitized := false;
    else
      new.content_sanitized := old.content_sanitized;
    end if;
  end if;
  new.content_sanitized := coalesce(new.content_sanitized, false);
  return new;
end $$;
comment on function private.event_story_quarantine() is
  'event_translations: a story changed by a client is quarantined (content_sanitized = false) until the story step sanitised it.';

create trigger event_translations_before_write_quarantine before insert or update on public.event_translations
  for each row execute function private.event_story_quarantine();

-- ─── policies ────────────────────────────────────────────────────────────────
drop policy "Anyone can read finished translations of processed events" on public.event_translations;
create policy "Anyone can read finished sanitised translations of processed events" on public.event_translations
  for select to anon, authenticated using (
    status in ('done', 'stale')
    and content_sanitized
    and exists (select 1 from public.events p where p.id = event_id and p.processed_at is not null));
