import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH, userNameSchema } from '@talaqa/domain';
import type { PaymobCheckoutAnswer } from '@talaqa/domain';
import { PAYMOB_INTENTION_PATH, paymobLength } from '../../src/integrations/paymob';
import { patchUser } from '../../src/modules/accounts';
import { call } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { paymobSimulator, plan, purchase, student } from './payments-fixtures';

/**
 * Paymob refuses an intention whose `billing_data.first_name`, `last_name` or `items[].name` is
 * longer than 50 characters (code points); the simulator refuses them the same way, so a name
 * we fail to fit breaks the checkout here as it would on Paymob.
 */
let server: TestServer;
let planId: number;

beforeAll(async () => {
  server = await startTestServer();
  planId = await plan(server);
});
afterAll(() => server.close());

async function checkoutAs(name: string) {
  const buyer = await student(server);
  await patchUser(server.app.database.db, buyer.id, { name });
  const answer = await call<PaymobCheckoutAnswer>(
    server,
    'POST',
    '/paymob/create-checkout-url',
    buyer,
    purchase(planId),
  );
  return answer;
}

function billingOf(answer: { body: PaymobCheckoutAnswer }) {
  const clientSecret = new URL(answer.body.url).searchParams.get('clientSecret') ?? '';
  const request = paymobSimulator(server).intention(clientSecret)?.request;
  if (!request) throw new Error('no intention');
  return request;
}

describe('Paymob field limits', () => {
  it('the simulator refuses a first name over 50 characters as Paymob does', async () => {
    const simulator = paymobSimulator(server);
    const response = await fetch(`${simulator.url}${PAYMOB_INTENTION_PATH}`, {
      method: 'POST',
      headers: {
        authorization: `Token ${server.config.paymob.secretKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        amount: 100,
        currency: 'EGP',
        payment_methods: ['card'],
        items: [{ name: 'x', amount: 100 }],
        billing_data: {
          first_name: 'ب'.repeat(51),
          last_name: 'NA',
          email: 'a@example.com',
          phone_number: '+201001234567',
        },
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      billing_data: { first_name: ['Ensure this field has no more than 50 characters.'] },
    });
  });

  it('checks out with the longest valid names, Arabic (with marks) and Latin', async () => {
    const longest = [
      // A voweled part (a mark is a code point) and one long part: 3 + 1 + 46 = 50.
      `عَل ${'ب'.repeat(NAME_MAX_LENGTH - 4)}`,
      // A long first part: 47 + 1 + 2.
      `${'Bartholomew'.repeat(5).slice(0, NAME_MAX_LENGTH - 3)} Al`,
      // Many short parts.
      Array.from({ length: 17 }, () => 'مُ')
        .join(' ')
        .slice(0, NAME_MAX_LENGTH),
    ];
    for (const name of longest) {
      expect(userNameSchema.safeParse(name).success, name).toBe(true);
      expect(paymobLength(name)).toBeGreaterThanOrEqual(NAME_MAX_LENGTH - 1);
      const answer = await checkoutAs(name);
      expect(answer.status, name).toBe(200);
      const request = billingOf(answer);
      expect(`${request.billing_data.first_name} ${request.billing_data.last_name}`).toBe(name);
    }
  });

  it('checks out with a name longer than ours (a Google profile name), cut on word boundaries', async () => {
    // Google sign-in keeps the profile's name as Google gives it; it can be longer than 50.
    const name =
      'Maximilian Alexander Bartholomew Fitzgerald Montgomery Wolfenstein Rivera de la Cruz';
    const answer = await checkoutAs(name);
    expect(answer.status).toBe(200);
    const request = billingOf(answer);
    expect(request.billing_data.first_name).toBe('Maximilian');
    expect(request.billing_data.last_name).toBe('Alexander Bartholomew Fitzgerald Montgomery');
    expect(paymobLength(request.billing_data.last_name)).toBeLessThanOrEqual(50);
    expect(request.customer?.last_name).toBe(request.billing_data.last_name);
    for (const item of request.items ?? []) expect(paymobLength(item.name)).toBeLessThanOrEqual(50);
  });
});
