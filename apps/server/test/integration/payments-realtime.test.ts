import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ServerEvent, TransactionStatus } from '@talaqa/domain';
import type { PaymentStarted, TransactionView } from '@talaqa/domain';
import { call } from './api';
import type { Caller } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { fawrySimulator, plan, purchase, student } from './payments-fixtures';

let server: TestServer;
let planId: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  planId = await plan(server);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.close());

/** A connected socket of the caller, recording every TransactionStatusUpdate it receives. */
async function listen(caller: Caller): Promise<TransactionView[]> {
  const socket = connect(server.baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: caller.token },
  });
  sockets.push(socket);
  const received: TransactionView[] = [];
  socket.on(ServerEvent.TransactionStatusUpdate, (view: TransactionView) => received.push(view));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return received;
}

describe('TransactionStatusUpdate', () => {
  it('reaches the buyer’s sockets, and only theirs, once the payment is applied', async () => {
    const buyer = await student(server);
    const stranger = await student(server);
    const mine = await listen(buyer);
    const theirs = await listen(stranger);
    const started = await call<PaymentStarted>(
      server,
      'POST',
      '/fawry/pay/ref-num',
      buyer,
      purchase(planId),
    );
    if (started.body.next.kind !== 'reference') throw new Error('expected a reference number');
    const simulator = fawrySimulator(server);
    simulator.payReference(started.body.next.referenceNumber);
    await simulator.idle();
    await expect
      .poll(() => mine.map((view) => view.status), { timeout: 5_000 })
      .toEqual([TransactionStatus.Paid]);
    expect(mine[0]).toMatchObject({
      id: started.body.transaction.id,
      userId: buyer.id,
      status: TransactionStatus.Paid,
      plan: { id: planId },
    });
    // A replayed notification is no news.
    await simulator.sendNotification(started.body.next.referenceNumber);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mine).toHaveLength(1);
    expect(theirs).toEqual([]);
  });
});
