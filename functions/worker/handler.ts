// worker: one pass over the job queue. verify_jwt = false (called by pg_cron
// through pg_net on hosted Supabase, by the embedded stack's loop locally);
// the caller must present the service-role key or WORKER_SECRET.
import { HttpError, handler, json } from '../_shared/http.ts';
import { isServiceCaller, serviceClient } from '../_shared/supabase.ts';
import { runWorkerPass } from '../_shared/worker.ts';

export default handler(async (req) => {
  if (!isServiceCaller(req)) throw new HttpError(401, 'unauthorized', 'The worker needs the service-role key or WORKER_SECRET');
  return json(await runWorkerPass(serviceClient()));
});
