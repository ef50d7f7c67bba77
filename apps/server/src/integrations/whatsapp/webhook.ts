import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The Cloud API's webhook (Meta Webhooks): a GET verification handshake, then POSTed
 * notifications signed with the app secret. Sources in README.md.
 */

export const WHATSAPP_SIGNATURE_HEADER = 'x-hub-signature-256';

/** `sha256=<hex HMAC-SHA256 of the raw body, keyed with the app secret>`. */
export function signWebhookBody(body: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

const sameBytes = (a: Buffer, b: Buffer): boolean => a.length === b.length && timingSafeEqual(a, b);

/** Constant-time check of X-Hub-Signature-256 over the raw body bytes. */
export function verifyWebhookSignature(
  header: string | string[] | undefined,
  rawBody: Buffer,
  appSecret: string,
): boolean {
  if (typeof header !== 'string' || appSecret === '') return false;
  return sameBytes(Buffer.from(header), Buffer.from(signWebhookBody(rawBody, appSecret)));
}

/**
 * The verification request: `hub.mode=subscribe`, `hub.verify_token` (ours, compared in constant
 * time) and `hub.challenge`, which is answered back. Undefined means refuse (403).
 */
export function handshakeChallenge(
  query: Record<string, unknown>,
  verifyToken: string,
): string | undefined {
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string') {
    return undefined;
  }
  if (verifyToken === '' || !sameBytes(Buffer.from(token), Buffer.from(verifyToken))) {
    return undefined;
  }
  return challenge;
}

export const WHATSAPP_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
export type WhatsAppStatus = (typeof WHATSAPP_STATUSES)[number];

const statusErrorSchema = z.object({
  code: z.number().int(),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.object({ details: z.string().optional() }).optional(),
  href: z.string().optional(),
});

/** One of `entry[].changes[].value.statuses[]`; unknown fields (pricing, conversation) pass. */
export const statusSchema = z.object({
  id: z.string().min(1).max(256),
  status: z.string(),
  timestamp: z.string().regex(/^\d{1,12}$/),
  recipient_id: z.string().optional(),
  errors: z.array(statusErrorSchema).optional(),
});

/** The notification envelope; only `messages` changes carry statuses. */
export const notificationSchema = z.object({
  object: z.string(),
  entry: z.array(
    z.object({
      id: z.string().optional(),
      changes: z.array(
        z.object({
          field: z.string(),
          value: z
            .object({
              messaging_product: z.string().optional(),
              metadata: z
                .object({
                  display_phone_number: z.string().optional(),
                  phone_number_id: z.string().optional(),
                })
                .optional(),
              statuses: z.array(z.unknown()).optional(),
            })
            .passthrough(),
        }),
      ),
    }),
  ),
});
export type WhatsAppNotification = z.infer<typeof notificationSchema>;

export interface StatusUpdate {
  wamid: string;
  status: WhatsAppStatus;
  at: Date;
  recipientId: string | undefined;
  error: { code: number; title: string | undefined } | undefined;
}

/**
 * The status updates of a notification, in order. A status we do not know (Meta may add some)
 * and a malformed one are skipped, not refused: a refusal would be delivered again for days.
 */
export function statusUpdates(notification: WhatsAppNotification): StatusUpdate[] {
  if (notification.object !== 'whatsapp_business_account') return [];
  const updates: StatusUpdate[] = [];
  for (const entry of notification.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') continue;
      for (const raw of change.value.statuses ?? []) {
        const parsed = statusSchema.safeParse(raw);
        if (!parsed.success) continue;
        const { id, status, timestamp, recipient_id, errors } = parsed.data;
        if (!(WHATSAPP_STATUSES as readonly string[]).includes(status)) continue;
        const first = errors?.[0];
        updates.push({
          wamid: id,
          status: status as WhatsAppStatus,
          at: new Date(Number(timestamp) * 1000),
          recipientId: recipient_id,
          error: first ? { code: first.code, title: first.title ?? first.message } : undefined,
        });
      }
    }
  }
  return updates;
}

/** Builds a status notification as Meta sends it (the simulator's callbacks, tests). */
export function statusNotification(input: {
  businessAccountId: string;
  phoneNumberId: string;
  displayPhoneNumber: string;
  statuses: {
    id: string;
    status: WhatsAppStatus;
    timestamp: number;
    recipientId: string;
    errors?: { code: number; title: string; message: string; details: string }[];
  }[];
}): WhatsAppNotification {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: input.businessAccountId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: input.displayPhoneNumber,
                phone_number_id: input.phoneNumberId,
              },
              statuses: input.statuses.map((s) => ({
                id: s.id,
                status: s.status,
                timestamp: String(s.timestamp),
                recipient_id: s.recipientId,
                ...(s.errors
                  ? {
                      errors: s.errors.map((e) => ({
                        code: e.code,
                        title: e.title,
                        message: e.message,
                        error_data: { details: e.details },
                        href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
                      })),
                    }
                  : {}),
              })),
            },
          },
        ],
      },
    ],
  };
}
