import { z } from 'zod';

/**
 * Paymob's wire formats, shared by the real adapter and the local simulator: the Intention API
 * request and answer, the transaction object of callbacks and refunds, and the error shapes
 * (Django REST framework: `{ detail }` or `{ field: [messages] }`).
 */

export const PAYMOB_DEFAULT_API_URL = 'https://accept.paymob.com';
export const PAYMOB_INTENTION_PATH = '/v1/intention/';
export const PAYMOB_CHECKOUT_PATH = '/unifiedcheckout/';
export const PAYMOB_REFUND_PATH = '/api/acceptance/void_refund/refund';
/** Transaction inquiry by Paymob's transaction id: `GET …/transactions/{id}`. */
export const PAYMOB_TRANSACTIONS_PATH = '/api/acceptance/transactions/';

/** The Unified Checkout page for one intention. */
export function unifiedCheckoutUrl(baseUrl: string, publicKey: string, clientSecret: string) {
  const url = new URL(PAYMOB_CHECKOUT_PATH, `${baseUrl.replace(/\/+$/, '')}/`);
  url.searchParams.set('publicKey', publicKey);
  url.searchParams.set('clientSecret', clientSecret);
  return url.toString();
}

const cents = z.number().int().positive();

export const intentionItemSchema = z.object({
  name: z.string().min(1),
  /** Cents (piasters for EGP). */
  amount: cents,
  /** Length limits (in code points) are checked by fields.ts, as Paymob counts them. */
  description: z.string().optional(),
  quantity: z.number().int().positive().optional(),
  image: z.string().optional(),
});

export const billingDataSchema = z.object({
  first_name: z.string().min(1),
  last_name: z.string().min(1),
  email: z.string().min(1),
  phone_number: z.string().min(1),
  apartment: z.string().optional(),
  floor: z.string().optional(),
  street: z.string().optional(),
  building: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  country: z.string().optional(),
  postal_code: z.string().optional(),
  shipping_method: z.string().optional(),
});

/** The body of `POST /v1/intention/` (Authorization: `Token <secret key>`). */
export const intentionRequestSchema = z.object({
  /** Total in cents; must equal the items' amounts times their quantities. */
  amount: cents,
  currency: z.string().min(3).max(3),
  /** Integration ids (or integration names, such as "card"). */
  payment_methods: z.array(z.union([z.number().int(), z.string().min(1)])).min(1),
  items: z.array(intentionItemSchema).optional(),
  billing_data: billingDataSchema,
  customer: z
    .object({
      first_name: z.string().optional(),
      last_name: z.string().optional(),
      email: z.string().optional(),
    })
    .optional(),
  extras: z.record(z.string(), z.unknown()).optional(),
  /** Our reference; comes back in callbacks as `order.merchant_order_id`. */
  special_reference: z.string().min(1).optional(),
  /** Seconds until the intention (and its checkout page) expires. */
  expiration: z.number().int().positive().optional(),
  notification_url: z.string().optional(),
  redirection_url: z.string().optional(),
});
export type IntentionRequest = z.infer<typeof intentionRequestSchema>;

/** What Paymob answers (201) to a created intention; only the fields we read are required. */
export const intentionResponseSchema = z.object({
  id: z.string().min(1),
  client_secret: z.string().min(1),
  intention_order_id: z.number().int(),
  status: z.string().optional(),
  special_reference: z.string().nullable().optional(),
  payment_keys: z
    .array(
      z.object({
        integration: z.number().int(),
        key: z.string(),
        order_id: z.number().int().optional(),
      }),
    )
    .optional(),
  intention_detail: z.object({ amount: z.number().int(), currency: z.string() }).optional(),
});

/** A transaction as Paymob sends it in callbacks and answers to refunds (fields we read). */
/**
 * A flag that kiosk and wallet callbacks may send as null: read as false, as it is signed (see
 * hmac.ts). `success` and `pending` decide the payment and stay strict.
 */
const flag = z
  .boolean()
  .nullable()
  .transform((value) => value === true);

export const transactionObjSchema = z.object({
  id: z.number().int(),
  pending: z.boolean(),
  amount_cents: z.number().int(),
  success: z.boolean(),
  is_auth: flag,
  is_capture: flag,
  is_standalone_payment: flag,
  is_voided: flag,
  is_refunded: flag,
  is_3d_secure: flag,
  integration_id: z.number().int(),
  has_parent_transaction: flag,
  order: z.object({
    id: z.number().int(),
    merchant_order_id: z.string().nullable().optional(),
  }),
  created_at: z.string(),
  currency: z.string(),
  source_data: z.object({
    pan: z.string().nullable().optional(),
    type: z.string().nullable().optional(),
    sub_type: z.string().nullable().optional(),
  }),
  error_occured: flag,
  owner: z.number().int(),
  is_void: z.boolean().optional(),
  is_refund: z.boolean().optional(),
  is_live: z.boolean().optional(),
  refunded_amount_cents: z.number().int().nullable().optional(),
  parent_transaction: z.number().int().nullable().optional(),
  data: z
    .object({
      message: z.string().nullable().optional(),
      txn_response_code: z.union([z.string(), z.number()]).nullable().optional(),
    })
    .optional(),
  payment_key_claims: z
    .object({ next_payment_intention: z.string().nullable().optional() })
    .nullable()
    .optional(),
});
export type TransactionObj = z.infer<typeof transactionObjSchema>;

/** The body of the refund request (Authorization: `Token <secret key>`). */
export const refundRequestSchema = z.object({
  transaction_id: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]),
  amount_cents: cents,
});

/** Django REST framework errors: `{ "detail": "…" }` or `{ "field": ["…"] }`, possibly nested. */
export const drfErrorSchema = z.record(z.string(), z.unknown());

/** One readable line from a DRF error body (for logs and error messages, never secrets). */
export function describeDrfError(body: unknown): string | undefined {
  const parsed = drfErrorSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const parts: string[] = [];
  const walk = (value: unknown, path: string): void => {
    if (parts.length >= 5) return;
    if (typeof value === 'string') parts.push(path ? `${path}: ${value}` : value);
    else if (Array.isArray(value)) value.forEach((v) => walk(v, path));
    else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        walk(inner, key === 'detail' || key === 'message' ? path : path ? `${path}.${key}` : key);
      }
    }
  };
  walk(parsed.data, '');
  return parts.length ? parts.join('; ').slice(0, 300) : undefined;
}
