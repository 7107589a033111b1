import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Demo mode only: the messages the outbox provider "sent", so a person can read their OTP. */
export const devOutboxRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    app.get('/outbox.json', { schema: { hide: true } }, async () => ctx.messaging.outbox.read(200));
    app.get('/outbox', { schema: { hide: true } }, async (_request, reply) => {
      const rows = await ctx.messaging.outbox.read(100);
      const items = rows
        .map(
          (
            m,
          ) => `<tr><td>${esc(m.at)}</td><td>${esc(m.channel)}</td><td>${esc(m.to)}</td><td>${esc(m.purpose)}</td>
<td><b>${esc(m.code ?? '')}</b></td><td>${m.link ? `<a href="${esc(m.link)}">link</a>` : ''}</td><td><pre>${esc(m.text)}</pre></td></tr>`,
        )
        .join('\n');
      reply.type('text/html; charset=utf-8');
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox (demo)</title>
<style>body{font-family:sans-serif;margin:2rem}td,th{border-bottom:1px solid #ddd;padding:.4rem;vertical-align:top;text-align:left}pre{white-space:pre-wrap;margin:0}</style></head>
<body><h1>Outbox (demo mode)</h1><p>SMS and e-mail the portal would have sent. Newest first.</p>
<table><tr><th>At</th><th>Channel</th><th>To</th><th>Purpose</th><th>Code</th><th>Link</th><th>Text</th></tr>${items}</table></body></html>`;
    });
  };
