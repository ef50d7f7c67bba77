/**
 * Payment receipts and refund notices (docs/decisions/302-confirmation-messages.md): when a
 * transaction becomes Paid its buyer gets an e-mail receipt and, when their notification method
 * is WhatsApp or Telegram with a verified phone, a short message there too; the same when a
 * refund is settled (Refunded or PartialRefunded). Two durable jobs per event, scheduled in the
 * transaction of the guarded status change, which happens once whatever the number of callbacks.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { formatMoney, planNameOfWeeklyMinutes } from '@talaqa/domain';
import type { PaymentMethod, PlanPeriod } from '@talaqa/domain';
import {
  PAYMENT_METHOD_NAMES_AR,
  PLAN_NAMES_AR,
  PLAN_PERIOD_NAMES_AR,
} from '@talaqa/ui/enum-labels';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db';
import type { TransactionRow } from '../../db/schema';
import { webOriginFor } from '../../http/origins';
import { scheduleJob } from '../../jobs';
import type { JobLog } from '../../jobs';
import { notifyByPhone } from '../../kernel/notify-by-method';
import type { NoticeChannel } from '../../kernel/notify-by-method';
import { linkedChatId } from '../telegram';
import type { PaymentNotice, PaymentNoticeMessenger } from './notices-messenger';
import { findReceiptTransaction } from './notices-repo';
import type { ReceiptTransaction } from './notices-repo';

export const PAYMENT_NOTICE_JOB = 'payments.notice';
/** E-mail providers have outages that last; the backoff reaches about 40 minutes. */
const MAX_ATTEMPTS = 8;
const PARTS = ['email', 'phone'] as const;

const noticePayloadSchema = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('paid'),
    transactionId: z.number().int().positive(),
    part: z.enum(PARTS),
  }),
  z.object({
    event: z.literal('refunded'),
    transactionId: z.number().int().positive(),
    part: z.enum(PARTS),
    refundId: z.number().int().positive(),
    /** This refund's piasters. */
    amount: z.number().int().positive(),
    /** Everything refunded of the payment with this refund (later ones have their notice). */
    total: z.number().int().positive(),
    /** When it was settled. */
    at: z.iso.datetime({ offset: true }),
  }),
]);
type NoticePayload = z.infer<typeof noticePayloadSchema>;
export type PaymentEvent =
  | { event: 'paid' }
  | { event: 'refunded'; refundId: number; amount: number; total: number; at: Date };

/**
 * Schedules the buyer's notices of one event in the caller's transaction, keyed by transaction,
 * event (a refund by its id) and part: scheduling the same event again adds nothing.
 */
export async function schedulePaymentNotices(
  tx: Database,
  transactionId: number,
  event: PaymentEvent,
): Promise<void> {
  for (const part of PARTS) {
    const payload: NoticePayload =
      event.event === 'paid'
        ? { ...event, transactionId, part }
        : { ...event, at: event.at.toISOString(), transactionId, part };
    const version = event.event === 'refunded' ? `refund-${String(event.refundId)}` : 'paid';
    await scheduleJob(tx, {
      kind: PAYMENT_NOTICE_JOB,
      key: `${String(transactionId)}:${version}:${part}`,
      payload,
      maxAttempts: MAX_ATTEMPTS,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Texts

const cairoDate = new Intl.DateTimeFormat('ar-EG', {
  timeZone: 'Africa/Cairo',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A date and time on the Cairo clock, in words ("٩ يناير ٢٠٣٠، ١٠:٠٠ ص"). */
export const cairoDateTime = (at: Date): string => `${cairoDate.format(at)} بتوقيت القاهرة`;

function planOf(row: TransactionRow, weeklyMinutes: number | null): string {
  const name = weeklyMinutes === null ? null : planNameOfWeeklyMinutes(weeklyMinutes);
  const plan = name ? PLAN_NAMES_AR[name] : 'اشتراك طلاقة';
  return row.period === null ? plan : `${plan} (${PLAN_PERIOD_NAMES_AR[row.period as PlanPeriod]})`;
}

/**
 * The receipt of a paid transaction, or the notice of one of its refunds, in Arabic, amounts in
 * EGP and times on the Cairo clock. Every sentence opens with «تأكيد:».
 */
export function paymentNoticeOf(
  found: ReceiptTransaction,
  event: PaymentEvent,
  paymentsUrl: string,
  now: Date,
): PaymentNotice {
  const { row, buyer } = found;
  const plan = planOf(row, found.planWeeklyMinutes);
  const method = PAYMENT_METHOD_NAMES_AR[row.method as PaymentMethod];
  const paid = formatMoney(row.amount);
  const number: [string, string] = ['رقم العملية', row.orderReference];
  if (event.event === 'paid') {
    return {
      name: buyer.name,
      subject: `إيصال الدفع: ${plan}`,
      text: `تأكيد: وصلنا ${paid} ثمن ${plan} برقم العملية ${row.orderReference}، شكرًا لك.`,
      details: [
        number,
        ['الباقة', plan],
        ['المبلغ', paid],
        ['طريقة الدفع', method],
        ['تاريخ الدفع', cairoDateTime(row.paidAt ?? now)],
        ...(row.couponCode ? [['كوبون الخصم', row.couponCode] as [string, string]] : []),
      ],
      paymentsUrl,
    };
  }
  const refunded = formatMoney(event.amount);
  return {
    name: buyer.name,
    subject: `رد ${refunded} من دفعتك`,
    text: `تأكيد: رددنا ${refunded} من دفعتك رقم ${row.orderReference} إلى وسيلة الدفع (${method})، وقد يستغرق ظهوره لديك بضعة أيام.`,
    details: [
      number,
      ['الباقة', plan],
      ['المبلغ المردود', refunded],
      ['إجمالي المردود', `${formatMoney(event.total)} من ${paid}`],
      ['تاريخ الرد', cairoDateTime(event.at)],
    ],
    paymentsUrl,
  };
}

// ---------------------------------------------------------------------------------------------
// Sending

export interface PaymentNoticeDeps extends Pick<ServiceContext, 'db' | 'clock'> {
  messenger: PaymentNoticeMessenger;
  webOrigin: string;
  log: JobLog;
}

/**
 * The job: one part of one event's notice. Each job makes one send, its last step, so a retry
 * (the send failed) sends it once; a crash between the send and the job's completion sends it
 * again (at least once).
 */
export async function sendPaymentNotice(
  deps: PaymentNoticeDeps,
  payload: unknown,
): Promise<NoticeChannel | undefined> {
  const parsed = noticePayloadSchema.parse(payload);
  const found = await findReceiptTransaction(deps.db, parsed.transactionId);
  if (!found) return undefined;
  const event: PaymentEvent =
    parsed.event === 'paid'
      ? { event: 'paid' }
      : {
          event: 'refunded',
          refundId: parsed.refundId,
          amount: parsed.amount,
          total: parsed.total,
          at: new Date(parsed.at),
        };
  const paymentsUrl = new URL('/payments', deps.webOrigin).href;
  const notice = paymentNoticeOf(found, event, paymentsUrl, deps.clock.now());
  const { buyer } = found;
  const { messenger, log } = deps;
  if (parsed.part === 'phone') {
    return notifyByPhone(
      buyer,
      {
        configured: messenger.channels,
        async whatsapp(phone) {
          await messenger.whatsapp(phone, notice);
        },
        telegramChatOf: (phone) => linkedChatId(deps.db, buyer.id, phone),
        telegram: (chatId) => messenger.telegram(chatId, notice),
      },
      log,
      'payment notice',
    );
  }
  if (!buyer.emailVerified) {
    log.warn({ userId: buyer.id }, 'payment notice e-mail not sent: e-mail not verified');
    return undefined;
  }
  await messenger.email(buyer.email, notice);
  return 'email';
}

/** Registers the notice job's handler (the payments module's plugin). */
export const paymentNoticeJobs: FastifyPluginAsync = async (app) => {
  app.jobs.register(PAYMENT_NOTICE_JOB, async (payload, { db, log }) => {
    await sendPaymentNotice(
      {
        db,
        clock: app.clock,
        messenger: app.paymentNotices,
        webOrigin: webOriginFor(app.config),
        log,
      },
      payload,
    );
  });
};
