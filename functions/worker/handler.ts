// worker: one pass over the job queue. verify_jwt = false (called by pg_cron
// through pg_net on hosted Supabase, by the embedded stack's loop locally);
// the caller must present the service-role key or WORKER_SECRET.
// `{ "action": "status" }` from any staff member answers which outside
// services the server has keys for (never the keys), for the Settings screen.
import { aiConfigured, aiModel } from '../_shared/ai.ts';
import { readEnv } from '../_shared/env.ts';
import { HttpError, handler, json, readBody } from '../_shared/http.ts';
import { isServiceCaller, serviceClient, staffOrService } from '../_shared/supabase.ts';
import { runWorkerPass } from '../_shared/worker.ts';

export default handler(async (req) => {
  const body = await readBody(req.clone());
  if (body.action === 'status') {
    await staffOrService(req);
    return json({
      ai: { configured: aiConfigured(), model: aiConfigured() ? aiModel() : null },
      youtube: { configured: readEnv('YOUTUBE_API_KEY') !== undefined },
    });
  }
  if (!isServiceCaller(req)) throw new HttpError(401, 'unauthorized', 'The worker needs the service-role key or WORKER_SECRET');
  return json(await runWorkerPass(serviceClient()));
});
