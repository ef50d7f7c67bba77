import { disabledMessenger, type NoticeMessenger } from '../../kernel/notify-by-method';

/** A payment's receipt or refund as the buyer reads it (ready-made Arabic, decision 302). */
export interface PaymentNotice {
  /** The buyer's name. */
  name: string;
  subject: string;
  /** What happened in one sentence (one line: it goes in a WhatsApp template parameter). */
  text: string;
  /** The e-mail's table: label, value. */
  details: [string, string][];
  /** The buyer's payments page in the web app. */
  paymentsUrl: string;
}

/**
 * How payment notices reach the buyer: the e-mail receipt, the WhatsApp `payment_notice`
 * template, or the Telegram chat they linked. Each rejects with MessagingError as the lesson
 * notices' sends do (src/kernel/notify-by-method.ts).
 */
export type PaymentNoticeMessenger = NoticeMessenger<PaymentNotice>;

/** The Telegram (and plain) text; Telegram makes the link clickable itself. */
export function paymentNoticeText(notice: PaymentNotice): string {
  return [`مرحبًا ${notice.name}،`, notice.text, `مدفوعاتك: ${notice.paymentsUrl}`].join('\n');
}

/** Stands in when the server was built without channels: every send fails (retried). */
export const disabledPaymentNoticeMessenger = disabledMessenger<PaymentNotice>('Payment notices');

declare module 'fastify' {
  interface FastifyInstance {
    paymentNotices: PaymentNoticeMessenger;
  }
}
