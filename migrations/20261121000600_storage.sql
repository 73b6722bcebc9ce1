-- Storage: the five image buckets and who may read and write their objects.
-- Sections: tables (bucket rows), policies.

-- ─── buckets ─────────────────────────────────────────────────────────────────
-- 5 MB, images only, enforced by the storage server. Content images are
-- public (the mobile app loads them by URL); avatars are public by URL too
-- (the console shows them with getPublicUrl), but only staff can list them.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('users', 'users', true, 5242880, array['image/png', 'image/jpeg', 'image/gif', 'image/webp']),
  ('events', 'events', true, 5242880, array['image/png', 'image/jpeg', 'image/gif', 'image/webp']),
  ('categories', 'categories', true, 5242880, array['image/png', 'image/jpeg', 'image/gif', 'image/webp']),
  ('people', 'people', true, 5242880, array['image/png', 'image/jpeg', 'image/gif', 'image/webp']),
  ('resources', 'resources', true, 5242880, array['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
on conflict (id) do nothing;

-- ─── policies ────────────────────────────────────────────────────────────────
create policy "Anyone can see the image buckets" on storage.buckets
  for select to anon, authenticated
  using (id in ('users', 'events', 'categories', 'people', 'resources'));

-- content images
create policy "Anyone can read content images" on storage.objects
  for select to anon, authenticated
  using (bucket_id in ('events', 'categories', 'people', 'resources'));
create policy "Staff can upload content images" on storage.objects
  for insert to authenticated
  with check (bucket_id in ('events', 'categories', 'people', 'resources') and (select private.is_staff()));
create policy "Staff can replace content images" on storage.objects
  for update to authenticated
  using (bucket_id in ('events', 'categories', 'people', 'resources') and (select private.is_staff()))
  with check (bucket_id in ('events', 'categories', 'people', 'resources') and (select private.is_staff()));
create policy "Staff can delete content images" on storage.objects
  for delete to authenticated
  using (bucket_id in ('events', 'categories', 'people', 'resources') and (select private.is_staff()));

-- avatars: users/<auth uid>/<file>
create policy "Staff can read avatars" on storage.objects
  for select to authenticated
  using (bucket_id = 'users' and (select private.is_staff()));
create policy "Admins and owners can upload avatars" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'users'
    and ((select private.is_admin())
         or ((select private.is_staff()) and (storage.foldername(name))[1] = (select auth.uid())::text)));
create policy "Admins and owners can replace avatars" on storage.objects
  for update to authenticated
  using (
    bucket_id = 'users'
    and ((select private.is_admin())
         or ((select private.is_staff()) and (storage.foldername(name))[1] = (select auth.uid())::text)))
  with check (
    bucket_id = 'users'
    and ((select private.is_admin())
         or ((select private.is_staff()) and (storage.foldername(name))[1] = (select auth.uid())::text)));
create policy "Admins and owners can delete avatars" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'users'
    and ((select private.is_admin())
         or ((select private.is_staff()) and (storage.foldername(name))[1] = (select auth.uid())::text)));
