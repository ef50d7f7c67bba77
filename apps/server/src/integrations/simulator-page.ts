/** The shell of the local simulators' pages: Arabic, right-to-left, no script, inline style only. */
import type { FastifyReply } from 'fastify';
import { escapeHtml } from './email/html';

export interface SimulatorPage {
  title: string;
  /** The simulator's own style sheet, inlined. */
  style: string;
  /** Markup above `main` (a banner naming the simulator), if any. */
  header?: string;
  /** The content of `main`. */
  body: string;
}

export function simulatorPage({ title, style, header, body }: SimulatorPage): string {
  return `<!doctype html>
<html lang="ar-EG" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
${header === undefined ? '' : `${header}\n`}<main>
${body}
</main>
</body>
</html>
`;
}

/** A page that is never cached, framed, or given a referrer, and may run no script. */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
};

export const sendSimulatorPage = (
  reply: FastifyReply,
  status: number,
  html: string,
): FastifyReply => reply.code(status).headers(PAGE_HEADERS).send(html);
