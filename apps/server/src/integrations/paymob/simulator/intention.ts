/**
 * `POST /v1/intention/`: checked as Paymob checks it (token, schema, field lengths, integration
 * ids, currency, items adding up, e-mail and URLs), then answered with the client secret.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { paymobFieldLimitErrors } from '../fields';
import { intentionRequestSchema, PAYMOB_INTENTION_PATH } from '../wire';
import type { IntentionRequest } from '../wire';
import type { PaymobSim } from './state';
import type { SimulatedIntention } from './types';
import { authorise, drfErrors, isHttpUrl, paymobTimestamp } from './wire';

const MAX_REQUESTS = 100;

const UNKNOWN_INTEGRATION =
  'Integration ID/Name does not exist in our system . You can find the list of Integration ID’/Names from Merchant Dashboard under Developers → Payment Integrations Tab';

type Refusal = { status: number; body: unknown };

/**
 * Paymob's words for a special_reference it has seen, as its WooCommerce plugin quotes them (4.1.12,
 * `class-paymob-update-pixel-data.php`); the status and body around them are ours (see README.md).
 */
const DUPLICATE_REFERENCE = 'duplicate order with same id';

const usedReference = (sim: PaymobSim, reference: string): boolean =>
  [...sim.books.intentionsBySecret.values()].some(
    (intention) => intention.request.special_reference === reference,
  );

/** The integration ids the request names (`card` is the first one); undefined where unknown. */
const methodsOf = (sim: PaymobSim, body: IntentionRequest): (number | undefined)[] =>
  body.payment_methods.map((method) =>
    typeof method === 'number'
      ? method
      : method.toLowerCase() === 'card'
        ? sim.integrationIds[0]
        : undefined,
  );

/** What Paymob refuses after the schema: integrations, currency, totals, e-mail and URLs. */
function refusalOf(sim: PaymobSim, body: IntentionRequest): Refusal | undefined {
  const methods = methodsOf(sim, body);
  if (methods.some((id) => id === undefined || !sim.integrationIds.includes(id))) {
    return { status: 404, body: { detail: UNKNOWN_INTEGRATION } };
  }
  if (body.currency !== 'EGP') {
    return {
      status: 400,
      body: { detail: `Currency ${body.currency} does not match the integration currency (EGP).` },
    };
  }
  if (body.items?.length) {
    const total = body.items.reduce((sum, item) => sum + item.amount * (item.quantity ?? 1), 0);
    if (total !== body.amount) {
      return {
        status: 400,
        body: {
          detail: `Intention amount (${body.amount}) must equal the sum of the items' amounts (${total}).`,
        },
      };
    }
  }
  const urlErrors: Record<string, string[]> = {};
  for (const key of ['notification_url', 'redirection_url'] as const) {
    const value = body[key];
    if (value !== undefined && !isHttpUrl(value)) urlErrors[key] = ['Enter a valid URL.'];
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(body.billing_data.email)) {
    return {
      status: 400,
      body: { billing_data: { email: ['Enter a valid email address.'] }, ...urlErrors },
    };
  }
  if (Object.keys(urlErrors).length) return { status: 400, body: urlErrors };
  return undefined;
}

function newIntention(sim: PaymobSim, body: IntentionRequest): SimulatedIntention {
  const createdAt = new Date();
  const intention: SimulatedIntention = {
    id: `pi_test_${randomBytes(16).toString('hex')}`,
    clientSecret: `egy_csk_test_${randomBytes(16).toString('hex')}`,
    paymobOrderId: sim.books.nextOrderId++,
    status: 'intended',
    request: body,
    createdAt,
    expiresAt: body.expiration ? new Date(createdAt.getTime() + body.expiration * 1000) : undefined,
    transactionIds: [],
  };
  sim.books.intentionsBySecret.set(intention.clientSecret, intention);
  return intention;
}

/** Paymob's answer: the intention with its payment keys and methods. */
function intentionAnswer(sim: PaymobSim, intention: SimulatedIntention) {
  const body = intention.request;
  const methods = methodsOf(sim, body);
  const used = sim.integrationIds.filter((id) => methods.includes(id));
  return {
    payment_keys: used.map((id) => ({
      integration: id,
      key: randomBytes(24).toString('base64url'),
      gateway_type: 'MIGS',
      iframe_id: null,
      order_id: intention.paymobOrderId,
      redirection_url: body.redirection_url ?? null,
      save_card: false,
    })),
    intention_order_id: intention.paymobOrderId,
    id: intention.id,
    intention_detail: {
      amount: body.amount,
      items: body.items ?? [],
      currency: body.currency,
      billing_data: body.billing_data,
    },
    client_secret: intention.clientSecret,
    payment_methods: used.map((id) => ({
      integration_id: id,
      alias: null,
      name: 'Card (simulator)',
      method_type: 'card',
      currency: 'EGP',
      live: false,
      use_cvc_with_moto: false,
    })),
    special_reference: body.special_reference ?? null,
    extras: { creation_extras: body.extras ?? {}, confirmation_extras: null },
    confirmed: false,
    status: 'intended',
    created: paymobTimestamp(intention.createdAt),
    card_detail: null,
    card_tokens: [],
    object: 'paymentintention',
  };
}

export function intentionRoutes(app: FastifyInstance, sim: PaymobSim): void {
  app.post(PAYMOB_INTENTION_PATH, async (request, reply) => {
    sim.books.requests.push(request.body);
    if (sim.books.requests.length > MAX_REQUESTS) sim.books.requests.shift();
    if (!authorise(request, reply, sim.options.secretKey)) return reply;

    const parsed = intentionRequestSchema.safeParse(request.body, { reportInput: true });
    if (!parsed.success) return reply.code(400).send(drfErrors(parsed.error.issues));
    // Paymob's field lengths, counted in code points as Django counts them.
    const tooLong = paymobFieldLimitErrors(parsed.data);
    if (tooLong) return reply.code(400).send(tooLong);
    // A special_reference Paymob has seen is refused, whatever became of its intention.
    const reference = parsed.data.special_reference;
    if (reference !== undefined && usedReference(sim, reference)) {
      return reply.code(400).send({ detail: DUPLICATE_REFERENCE });
    }
    const refusal = refusalOf(sim, parsed.data);
    if (refusal) return reply.code(refusal.status).send(refusal.body);
    return reply.code(201).send(intentionAnswer(sim, newIntention(sim, parsed.data)));
  });
}
