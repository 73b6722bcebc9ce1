-- Hosted Supabase: pg_cron calls the worker function every minute through
-- pg_net (the embedded stack runs its own worker loop instead). Skipped
-- cleanly where pg_cron or pg_net is not available (PGlite, plain Postgres).
-- The project URL and service-role key come from Supabase Vault secrets
-- named project_url and service_role_key (see README).
do $outer$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron')
     or not exists (select 1 from pg_available_extensions where name = 'pg_net') then
    raise notice 'pg_cron or pg_net not available: the worker is not scheduled in the database';
    return;
  end if;
  begin
    create extension if not exists pg_cron;
    create extension if not exists pg_net with schema extensions;
  exception when others then
    raise notice 'pg_cron/pg_net could not be enabled (%): the worker is not scheduled in the database', sqlerrm;
    return;
  end;
  execute $sql$
    select cron.schedule('worker', '* * * * *', $cmd$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/worker',
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),
        body := '{}'::jsonb,
        timeout_milliseconds := 10000)
    $cmd$)
  $sql$;
end
$outer$;
