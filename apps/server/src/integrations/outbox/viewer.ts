import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { escapeHtml } from '../email/html';
import { createLocalFastify, listenLocal } from './local-server';
import type { LocalServer, LocalServerOptions } from './local-server';
import { OUTBOX_CHANNELS } from './outbox';
import type { Outbox, OutboxChannel, OutboxMessage } from './outbox';

export interface OutboxViewerOptions extends LocalServerOptions {
  outbox: Outbox;
}

const CHANNEL_LABELS: Record<OutboxChannel, string> = {
  email: 'بريد إلكتروني',
  whatsapp: 'واتساب',
  telegram: 'تيليجرام',
};

const CHANNEL_COLORS: Record<OutboxChannel, string> = {
  email: '#1d4ed8',
  whatsapp: '#15803d',
  telegram: '#0369a1',
};

const filterSchema = z.object({
  channel: z.enum(OUTBOX_CHANNELS).optional().catch(undefined),
  to: z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .optional(),
});

const timeFormat = new Intl.DateTimeFormat('ar-EG', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'Africa/Cairo',
});

const STYLE = `
  :root { color-scheme: light; font-family: Tahoma, "Segoe UI", "DejaVu Sans", Arial, sans-serif; }
  body { margin: 0; background: #f4f6fb; color: #1f2937; }
  header { background: #0f766e; color: #fff; padding: 16px 20px; display: flex; flex-wrap: wrap;
    gap: 12px; align-items: center; justify-content: space-between; }
  header h1 { margin: 0; font-size: 20px; }
  main { max-width: 960px; margin: 0 auto; padding: 16px; }
  nav { display: flex; flex-wrap: wrap; gap: 8px; margin-block-end: 16px; }
  nav a { padding: 6px 12px; border-radius: 999px; background: #fff; color: #0f766e;
    text-decoration: none; border: 1px solid #99f6e4; }
  nav a[aria-current="page"] { background: #0f766e; color: #fff; }
  button { font: inherit; padding: 6px 14px; border-radius: 8px; border: 0; cursor: pointer;
    background: #fff; color: #b91c1c; }
  article { background: #fff; border-radius: 12px; padding: 16px; margin-block-end: 12px;
    box-shadow: 0 1px 3px rgb(0 0 0 / 0.08); }
  .meta { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; font-size: 14px;
    color: #4b5563; }
  .channel { color: #fff; border-radius: 6px; padding: 2px 8px; font-size: 13px; }
  h2 { font-size: 17px; margin: 12px 0 8px; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; margin: 8px 0 0;
    background: #f9fafb; border-radius: 8px; padding: 12px; }
  iframe { width: 100%; height: 420px; border: 1px solid #e5e7eb; border-radius: 8px;
    background: #fff; margin-block-start: 8px; }
  details { margin-block-start: 8px; }
  .empty { text-align: center; color: #6b7280; padding: 48px 0; }
`;

function channelLinks(active: OutboxChannel | undefined): string {
  const link = (href: string, label: string, current: boolean): string =>
    `<a href="${href}"${current ? ' aria-current="page"' : ''}>${label}</a>`;
  return [
    link('/', 'الكل', active === undefined),
    ...OUTBOX_CHANNELS.map((channel) =>
      link(`/?channel=${channel}`, CHANNEL_LABELS[channel], active === channel),
    ),
  ].join('');
}

function renderMessage(message: OutboxMessage): string {
  const at = new Date(message.at);
  const subject = message.subject ? `<h2>${escapeHtml(message.subject)}</h2>` : '';
  const body = message.html
    ? `<iframe title="${escapeHtml(message.subject ?? 'رسالة')}" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" loading="lazy" srcdoc="${escapeHtml(message.html)}"></iframe>
       <details><summary>النص العادي</summary><pre>${escapeHtml(message.text)}</pre></details>`
    : `<pre>${escapeHtml(message.text)}</pre>`;
  const files = (message.attachments ?? [])
    .map(
      (file) =>
        `<details><summary>مرفق: <bdi dir="ltr">${escapeHtml(file.filename)}</bdi> (<bdi dir="ltr">${escapeHtml(file.contentType)}</bdi>)</summary>${
          file.text === undefined ? '' : `<pre dir="ltr">${escapeHtml(file.text)}</pre>`
        }</details>`,
    )
    .join('');
  return `<article data-id="${escapeHtml(message.id)}">
    <div class="meta">
      <span class="channel" style="background:${CHANNEL_COLORS[message.channel]}">${CHANNEL_LABELS[message.channel]}</span>
      <span>إلى: <bdi dir="ltr">${escapeHtml(message.to)}</bdi></span>
      <time datetime="${escapeHtml(message.at)}">${escapeHtml(timeFormat.format(at))}</time>
    </div>
    ${subject}
    ${body}
    ${files}
  </article>`;
}

/** Re-renders when a new message arrives; without script, a plain refresh every 5 s. */
const refreshScript = (latestId: string): string => `
  const latest = ${JSON.stringify(latestId)};
  const query = location.search;
  setInterval(async () => {
    try {
      const response = await fetch('/api/messages' + query, { cache: 'no-store' });
      const { messages } = await response.json();
      if ((messages[0]?.id ?? '') !== latest) location.reload();
    } catch {}
  }, 2000);
  document.getElementById('clear')?.addEventListener('click', async () => {
    await fetch('/api/messages', { method: 'DELETE' });
    location.reload();
  });
`;

export function renderOutboxPage(
  messages: OutboxMessage[],
  filter: { channel?: OutboxChannel | undefined; to?: string | undefined },
  nonce: string,
): string {
  const list = messages.length
    ? messages.map(renderMessage).join('\n')
    : '<p class="empty">لا توجد رسائل بعد.</p>';
  const recipient = filter.to
    ? `<p>المستلم: <bdi dir="ltr">${escapeHtml(filter.to)}</bdi></p>`
    : '';
  return `<!doctype html>
<html lang="ar-EG" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>صندوق الرسائل المحلي · طلاقة</title>
<noscript><meta http-equiv="refresh" content="5"></noscript>
<style>${STYLE}</style>
</head>
<body>
<header>
  <h1>صندوق الرسائل المحلي · طلاقة</h1>
  <button type="button" id="clear">حذف كل الرسائل</button>
</header>
<main>
  <p>ما أرسلته محاكيات البريد وواتساب وتيليجرام في بيئة التطوير، الأحدث أولًا (${messages.length}).</p>
  <nav aria-label="القنوات">${channelLinks(filter.channel)}</nav>
  ${recipient}
  ${list}
</main>
<script nonce="${nonce}">${refreshScript(messages[0]?.id ?? '')}</script>
</body>
</html>`;
}

/**
 * The developer's window on the outbox: `GET /` (Arabic page), `GET /api/messages?channel=&to=`
 * (JSON, newest first, for e2e tests) and `DELETE /api/messages`.
 */
export async function startOutboxViewer(options: OutboxViewerOptions): Promise<LocalServer> {
  const { outbox } = options;
  const app = createLocalFastify(options.logger);

  app.get('/', async (request, reply) => {
    const filter = filterSchema.parse(request.query ?? {});
    const nonce = randomBytes(16).toString('base64');
    const csp = [
      "default-src 'none'",
      "style-src 'unsafe-inline'",
      'img-src data: https: http:',
      `script-src 'nonce-${nonce}'`,
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join('; ');
    return reply
      .header('content-security-policy', csp)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderOutboxPage(outbox.list(filter), filter, nonce));
  });

  app.get('/api/messages', async (request, reply) => {
    const filter = filterSchema.parse(request.query ?? {});
    return reply.header('cache-control', 'no-store').send({ messages: outbox.list(filter) });
  });

  app.delete('/api/messages', async (_request, reply) => {
    outbox.clear();
    return reply.code(204).send();
  });

  return listenLocal(app, options);
}
