import type { APIRequestContext, Page } from '@playwright/test';
import { clusterUrls } from '../cluster';
import { expect } from '../tests/fixtures';

// Steps shared by the journeys across instances. An engine.io session id starts with the
// SOCKET_ROUTE of the instance that owns it ("a." or "b.", decision 268), and nginx sends every
// later request of the session there: the ids a browser uses name its instance.

/** The socket.io session ids a page used, in order (from its polling and WebSocket URLs). */
export class SocketSessions {
  readonly ids: string[] = [];

  constructor(page: Page) {
    const note = (url: string) => {
      const parsed = new URL(url);
      const sid = parsed.searchParams.get('sid');
      if (parsed.pathname.startsWith('/socket.io/') && sid && !this.ids.includes(sid)) {
        this.ids.push(sid);
      }
    };
    page.on('request', (request) => note(request.url()));
    page.on('websocket', (socket) => note(socket.url()));
  }

  /** The instance of the page's latest session, once it has one. */
  async instance(): Promise<string> {
    await expect.poll(() => this.ids.length, { message: 'a socket.io session' }).toBeGreaterThan(0);
    const sid = this.ids.at(-1) ?? '';
    expect(sid, 'a session id names its instance').toMatch(/^[ab]\./);
    return sid.slice(0, 1);
  }

  /** The instances of every session since the `from`-th. */
  instancesSince(from: number): string[] {
    return [...new Set(this.ids.slice(from).map((sid) => sid.slice(0, 1)))];
  }
}

/** The 5-digit code last sent to `to`, from the outbox of whichever instance sent it. */
export async function codeSentTo(request: APIRequestContext, channel: string, to: string) {
  let code = '';
  await expect
    .poll(async () => {
      for (const outbox of clusterUrls.outboxes) {
        const answer = await request.get(outbox, { params: { channel, to } });
        const { messages } = (await answer.json()) as { messages: { text: string }[] };
        const found = /\b\d{5}\b/.exec(messages[0]?.text ?? '');
        if (found) {
          code = found[0];
          return true;
        }
      }
      return false;
    })
    .toBe(true);
  return code;
}
