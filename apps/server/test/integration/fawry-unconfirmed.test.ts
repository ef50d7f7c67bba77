import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransactionStatus } from '@talaqa/domain';
import type { LastTransactionAnswer, PaymentMethodsAnswer, PaymentStarted } from '@talaqa/domain';
import { FAWRY_TEST_CARDS } from '../../src/integrations/fawry';
import { call } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import {
  cardPayment,
  fawrySimulator,
  notificationsOf,
  plan,
  purchase,
  saveCard,
  student,
  subscriptionsOf,
  transactionRow,
} from './payments-fixtures';

/**
 * What Fawry has not confirmed: a notification status outside the known set (signed by Fawry,
 * so acknowledged and kept for review, never answered as a forgery), and bank installments
 * (off unless FAWRY_INSTALLMENTS_ENABLED; payments-fawry.test.ts runs them with it on).
 */
let server: TestServer;
let planId: number;

beforeAll(async () => {
  // The default configuration: installments off.
  server = await startTestServer();
  planId = await plan(server);
});
afterAll(() => server.close());

describe('a Fawry notification with an unknown status', () => {
  it('is acknowledged (200), kept as verified for review, and changes nothing', async () => {
    const buyer = await student(server);
    const started = await call<PaymentStarted>(
      server,
      'POST',
      '/fawry/pay/ref-num',
      buyer,
      purchase(planId),
    );
    expect(started.status).toBe(200);
    if (started.body.next.kind !== 'reference') throw new Error('not a reference');
    const reference = started.body.next.referenceNumber;
    const simulator = fawrySimulator(server);
    await simulator.idle();

    const deliveries = await simulator.sendNotification(reference, {
      fields: { orderStatus: 'ON_HOLD' },
    });
    // One delivery, answered 200: Fawry does not retry it.
    expect(deliveries.map((d) => d.status)).toEqual([200]);
    await simulator.idle();
    const id = started.body.transaction.id;
    const row = await transactionRow(server, id);
    expect(row.status).toBe(TransactionStatus.New);
    expect(await subscriptionsOf(server, buyer.id)).toHaveLength(0);
    const kept = (await notificationsOf(server, id)).filter((n) =>
      n.eventKey.startsWith(`unknown-status:${row.orderReference}:ON_HOLD:`),
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ verified: true });

    // A forged one with the same unknown status is still a forgery.
    const forged = await simulator.sendNotification(reference, {
      tamper: 'signature',
      fields: { orderStatus: 'ON_HOLD' },
    });
    expect(forged[0]?.status).toBe(400);
  });
});

describe('bank installments while unconfirmed (setting off)', () => {
  it('says so to the web app', async () => {
    const answer = await call<PaymentMethodsAnswer>(server, 'GET', '/fawry/payment-methods', null);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ bankInstallments: false });
  });

  it('refuses an installment payment with `illegal` and charges nothing', async () => {
    const buyer = await student(server);
    const token = await saveCard(server, buyer, FAWRY_TEST_CARDS.success);
    const refused = await call(
      server,
      'POST',
      '/fawry/pay/bank-installments',
      buyer,
      cardPayment(planId, token, { installments: 2 }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'illegal' });
    const last = await call<LastTransactionAnswer>(server, 'GET', '/tx/last', buyer);
    expect(last.body).toBeNull();
    expect(await subscriptionsOf(server, buyer.id)).toHaveLength(0);
  });
});
