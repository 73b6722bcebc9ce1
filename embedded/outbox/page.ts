import { Hono } from 'hono';
import type { Outbox } from './outbox.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The outbox page (HTML) and its JSON form at /api/messages?to=…, like Mailpit's API. */
export function outboxApp(outbox: Outbox): Hono {
  const app = new Hono();
  app.get('/api/messages', (c) => c.json(outbox.list(c.req.query('to'))));
  app.get('/', (c) => {
    const rows = outbox
      .list()
      .map(
        (m) => `<article><h2>${esc(m.subject)}</h2><p>To ${esc(m.to)} · ${esc(m.sentAt)}</p>
<pre>${esc(m.text)}</pre><ul>${m.links.map((l) => `<li><a href="${esc(l)}">${esc(l)}</a></li>`).join('')}</ul></article>`,
      )
      .join('\n');
    return c.html(`<!doctype html><html lang="en"><meta charset="utf-8"><title>Outbox</title>
<style>body{font:15px system-ui;max-width:52rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ccc;padding:1rem 0}pre{white-space:pre-wrap}</style>
<h1>Outbox</h1><p>Mail the embedded stack would have sent (recovery, invitations).</p>${rows || '<p>No mail yet.</p>'}</html>`);
  });
  return app;
}
