import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransactionStatus } from '@talaqa/domain';
import type { PaymobCheckoutAnswer } from '@talaqa/domain';
import { call } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { paymobSimulator, plan, purchase, student, transactionRow } from './payments-fixtures';

/**
 * Issue 16, item 7, end to end: kiosk and wallet callbacks carry nulls (`source_data.pan`,
 * `source_data.sub_type`, flags such as `is_3d_secure`). The simulator signs them with its own
 * code (as Paymob's WooCommerce plugin concatenates them: a null flag is `false`, any other null
 * is empty), and our callback route must accept that signature and pay the order.
 */

let server: TestServer;
let planId: number;

beforeAll(async () => {
  server = await startTestServer();
  planId = await plan(server);
});
afterAll(() => server.close());

async function checkout(): Promise<{ transactionId: number; clientSecret: string }> {
  const answer = await call<PaymobCheckoutAnswer>(
    server,
    'POST',
    '/paymob/create-checkout-url',
    await student(server),
    purchase(planId),
  );
  expect(answer.status).toBe(200);
  const clientSecret = new URL(answer.body.url).searchParams.get('clientSecret') ?? '';
  return { transactionId: answer.body.transactionId, clientSecret };
}

describe('Paymob callbacks carrying nulls', () => {
  it('a kiosk payment (null pan, sub_type and flags) pays the order', async () => {
    const { transactionId, clientSecret } = await checkout();
    const simulator = paymobSimulator(server);
    const payment = await simulator.pay(clientSecret, 'kiosk');
    const obj = payment.transaction;
    expect(obj.source_data).toMatchObject({ type: 'aggregator', pan: null, sub_type: null });
    expect(obj.is_3d_secure).toBeNull();
    expect(obj.is_capture).toBeNull();
    expect(payment.callback?.attempts.at(-1)?.status).toBe(200);
    expect(payment.callback?.delivered).toBe(true);
    expect((await transactionRow(server, transactionId)).status).toBe(TransactionStatus.Paid);
  });

  it('a wallet payment (null flags) pays the order', async () => {
    const { transactionId, clientSecret } = await checkout();
    const payment = await paymobSimulator(server).pay(clientSecret, 'wallet');
    expect(payment.transaction.source_data).toMatchObject({ type: 'wallet', sub_type: 'wallet' });
    expect(payment.transaction.is_3d_secure).toBeNull();
    expect(payment.callback?.delivered).toBe(true);
    expect((await transactionRow(server, transactionId)).status).toBe(TransactionStatus.Paid);
  });

  it('the same body signed with nulls written as "null" is refused', async () => {
    const { transactionId, clientSecret } = await checkout();
    const simulator = paymobSimulator(server);
    const payment = await simulator.pay(clientSecret, 'kiosk');
    // Another reading of the nulls (Python's str of JSON null, say) is not Paymob's signature.
    const fields = [
      'amount_cents',
      'created_at',
      'currency',
      'error_occured',
      'has_parent_transaction',
      'id',
      'integration_id',
      'is_3d_secure',
      'is_auth',
      'is_capture',
      'is_refunded',
      'is_standalone_payment',
      'is_voided',
      'order.id',
      'owner',
      'pending',
      'source_data.pan',
      'source_data.sub_type',
      'source_data.type',
      'success',
    ];
    const obj = payment.transaction;
    const message = fields
      .map((path) => {
        const value = path
          .split('.')
          .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], obj);
        return String(value);
      })
      .join('');
    const secret = server.config.paymob.hmacSecret;
    const wrong = createHmac('sha512', secret).update(message).digest('hex');
    const response = await fetch(`${server.baseUrl}/api/v1/paymob/callback?hmac=${wrong}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payment.callback?.body),
    });
    await response.arrayBuffer();
    expect(response.status).toBe(400);
    // The order was paid by the simulator's own (correct) callback, not by this one.
    expect((await transactionRow(server, transactionId)).status).toBe(TransactionStatus.Paid);
  });
});
