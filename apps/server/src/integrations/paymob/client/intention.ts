/**
 * Creating an intention: our input checked and written as Paymob's Intention API body (names
 * and item texts cut to Paymob's lengths, a reference never), then the checkout URL.
 */
import {
  fitToLimit,
  PAYMOB_FIELD_LIMITS,
  PAYMOB_PLACEHOLDER,
  paymobLength,
  paymobNames,
} from '../fields';
import { PaymobError } from '../errors';
import type { CreateIntentionInput, PaymobIntention } from '../interface';
import { intentionResponseSchema, PAYMOB_INTENTION_PATH, unifiedCheckoutUrl } from '../wire';
import type { IntentionRequest } from '../wire';
import type { PaymobContext } from './context';

const NAME_PLACEHOLDER = PAYMOB_PLACEHOLDER;

export const isPiasters = (value: number): boolean => Number.isSafeInteger(value) && value > 0;
const isHttpUrl = (value: string): boolean =>
  URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/** The Intention API body for our input; throws `invalid-request` on what Paymob would refuse. */
export function intentionRequestBody(
  input: CreateIntentionInput,
  integrationIds: readonly number[],
): IntentionRequest {
  const invalid = (message: string) => new PaymobError('invalid-request', message);
  if (!isPiasters(input.amountPiasters)) throw invalid('amountPiasters must be a positive integer');
  if (!input.merchantReference.trim()) throw invalid('merchantReference is required');
  if (!isHttpUrl(input.notificationUrl)) throw invalid('notificationUrl must be an http(s) URL');
  if (!isHttpUrl(input.redirectionUrl)) throw invalid('redirectionUrl must be an http(s) URL');
  if (integrationIds.length === 0) throw invalid('at least one integration id is required');
  if (paymobLength(input.merchantReference) > PAYMOB_FIELD_LIMITS.special_reference) {
    throw invalid('merchantReference is longer than Paymob accepts');
  }
  // Names and descriptions are ours to shorten (on word boundaries); a reference is not.
  const itemName = (name: string) => fitToLimit(name, PAYMOB_FIELD_LIMITS['items.name']);
  const itemDescription = (text: string) =>
    fitToLimit(text, PAYMOB_FIELD_LIMITS['items.description']);
  const items = input.items?.length
    ? input.items.map((item) => ({
        name: itemName(item.name),
        amount: item.amountPiasters,
        description: itemDescription(item.description ?? item.name),
        quantity: item.quantity ?? 1,
      }))
    : [
        {
          name: itemName(input.merchantReference),
          amount: input.amountPiasters,
          description: itemDescription(input.merchantReference),
          quantity: 1,
        },
      ];
  for (const item of items) {
    if (!item.name.trim()) throw invalid('every item needs a name');
    if (!isPiasters(item.amount) || !Number.isSafeInteger(item.quantity) || item.quantity < 1) {
      throw invalid('item amounts and quantities must be positive integers');
    }
  }
  const total = items.reduce((sum, item) => sum + item.amount * item.quantity, 0);
  if (total !== input.amountPiasters) {
    throw invalid(`items add up to ${total} piasters, not ${input.amountPiasters}`);
  }
  const { first, last } = paymobNames(input.customer.name);
  const email = input.customer.email.trim();
  const phone = input.customer.phone.trim();
  if (!email || !phone) throw invalid('the customer needs an e-mail address and a phone number');
  return {
    amount: input.amountPiasters,
    currency: 'EGP',
    payment_methods: [...integrationIds],
    items,
    billing_data: {
      first_name: first,
      last_name: last,
      email,
      phone_number: phone,
      apartment: NAME_PLACEHOLDER,
      floor: NAME_PLACEHOLDER,
      street: NAME_PLACEHOLDER,
      building: NAME_PLACEHOLDER,
      city: NAME_PLACEHOLDER,
      state: NAME_PLACEHOLDER,
      country: 'EG',
      postal_code: NAME_PLACEHOLDER,
    },
    customer: { first_name: first, last_name: last, email },
    special_reference: input.merchantReference,
    notification_url: input.notificationUrl,
    redirection_url: input.redirectionUrl,
    ...(input.expirationSeconds !== undefined ? { expiration: input.expirationSeconds } : {}),
    ...(input.extras ? { extras: input.extras } : {}),
  };
}

export async function createIntention(
  ctx: PaymobContext,
  input: CreateIntentionInput,
): Promise<PaymobIntention> {
  const body = intentionRequestBody(input, ctx.integrationIds);
  const { status, payload } = await ctx.send(PAYMOB_INTENTION_PATH, body, 'intention');
  // 404 is an integration id Paymob does not know: our configuration, not the customer's input.
  if (status === 404) throw ctx.refusal('intention', status, payload, 'unavailable');
  if (status < 200 || status >= 300) {
    throw ctx.refusal('intention', status, payload, 'invalid-request');
  }
  const parsed = intentionResponseSchema.safeParse(payload);
  if (!parsed.success) {
    ctx.logger?.warn({ operation: 'intention', status }, 'Paymob intention answer unreadable');
    throw new PaymobError('unavailable', 'Paymob intention answer had no client secret', {
      providerStatus: status,
    });
  }
  const intention = parsed.data;
  ctx.logger?.info(
    {
      intentionId: intention.id,
      paymobOrderId: intention.intention_order_id,
      merchantReference: input.merchantReference,
      amountPiasters: input.amountPiasters,
    },
    'Paymob intention created',
  );
  return {
    intentionId: intention.id,
    clientSecret: intention.client_secret,
    checkoutUrl: unifiedCheckoutUrl(ctx.baseUrl, ctx.publicKey, intention.client_secret),
    paymobOrderId: intention.intention_order_id,
  };
}
