/**
 * Unified Checkout on loopback: `GET /unifiedcheckout/?publicKey&clientSecret` shows the Arabic
 * card form, and posting it pays the intention (then the browser goes to the redirection URL).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { luhnValid } from '../../payment-simulators';
import { sendSimulatorPage } from '../../simulator-page';
import { PAYMOB_CHECKOUT_PATH } from '../wire';
import { checkoutPage, messagePage } from './pages';
import { pay } from './payments';
import type { PaymobSim } from './state';
import type { SimulatedIntention, SimulatedPayment } from './types';
import { sameSecret } from './wire';

const formSchema = z.record(z.string(), z.string());

/** The Arabic problem with the typed card, or undefined when it can be charged. */
function cardProblem(number: string, expiry: string, cvv: string, holder: string) {
  if (!holder.trim()) return 'اكتب الاسم كما هو على البطاقة.';
  if (!luhnValid(number)) return 'رقم البطاقة غير صحيح.';
  const match = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  const month = Number(match?.[1]);
  const year = match?.[2] ? Number(match[2].length === 2 ? `20${match[2]}` : match[2]) : NaN;
  if (!match || month < 1 || month > 12) return 'تاريخ الانتهاء غير صحيح (شهر/سنة).';
  const now = new Date();
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    return 'انتهت صلاحية البطاقة.';
  }
  if (!/^\d{3,4}$/.test(cvv)) return 'رمز التحقق من ٣ أو ٤ أرقام.';
  return undefined;
}

/** The page for an intention that can no longer be paid, if it cannot. */
function closedCheckout(
  intention: SimulatedIntention,
): { status: number; html: string } | undefined {
  if (intention.status === 'paid') {
    return { status: 200, html: messagePage('تم الدفع', 'تم دفع هذا الطلب بالفعل.', 'ok') };
  }
  if (intention.status === 'pending') {
    return { status: 200, html: messagePage('قيد المعالجة', 'عملية الدفع قيد المعالجة.', 'ok') };
  }
  if (intention.expiresAt && intention.expiresAt.getTime() <= Date.now()) {
    return { status: 410, html: messagePage('انتهت صلاحية الرابط', 'اطلب رابط دفع جديدًا.') };
  }
  return undefined;
}

const sendInvalidLink = (reply: FastifyReply): FastifyReply =>
  sendSimulatorPage(
    reply,
    404,
    messagePage('رابط الدفع غير صالح', 'تأكد من الرابط أو اطلب رابطًا جديدًا.'),
  );

/** What the customer sees after paying, when the intention has no redirection URL. */
function resultPage(payment: SimulatedPayment): string {
  const tx = payment.transaction as { success: boolean; pending: boolean };
  if (tx.success) return messagePage('تم الدفع بنجاح', 'يمكنك إغلاق هذه الصفحة.', 'ok');
  if (tx.pending) return messagePage('قيد المعالجة', 'سنبلغك عند اكتمال العملية.', 'ok');
  return messagePage('رُفضت العملية', 'رفض البنك هذه البطاقة. جرّب بطاقة أخرى.');
}

export function checkoutRoutes(app: FastifyInstance, sim: PaymobSim): void {
  const { publicKey } = sim.options;

  function checkoutIntention(key: unknown, clientSecret: unknown) {
    if (typeof key !== 'string' || !sameSecret(key, publicKey)) return undefined;
    return typeof clientSecret === 'string'
      ? sim.books.intentionsBySecret.get(clientSecret)
      : undefined;
  }

  app.get<{ Querystring: Record<string, string | string[] | undefined> }>(
    PAYMOB_CHECKOUT_PATH,
    async (request, reply) => {
      const intention = checkoutIntention(request.query.publicKey, request.query.clientSecret);
      if (!intention) return sendInvalidLink(reply);
      const done = closedCheckout(intention);
      if (done) return sendSimulatorPage(reply, done.status, done.html);
      return sendSimulatorPage(reply, 200, checkoutPage(intention, publicKey));
    },
  );

  app.post(`${PAYMOB_CHECKOUT_PATH}pay`, async (request, reply) => {
    const form = formSchema.safeParse(request.body);
    const fields = form.success ? form.data : {};
    const intention = checkoutIntention(fields.publicKey, fields.clientSecret);
    if (!intention) return sendInvalidLink(reply);
    const done = closedCheckout(intention);
    if (done) return sendSimulatorPage(reply, done.status === 200 ? 409 : done.status, done.html);
    const holder = fields.holder ?? '';
    const cardNumber = (fields.card_number ?? '').replace(/[\s-]/g, '');
    const expiry = fields.expiry ?? '';
    const problem = cardProblem(cardNumber, expiry, fields.cvv ?? '', holder);
    if (problem) {
      return sendSimulatorPage(
        reply,
        422,
        checkoutPage(intention, publicKey, problem, { holder, cardNumber, expiry }),
      );
    }
    let payment: SimulatedPayment;
    try {
      payment = await pay(sim, intention.clientSecret, cardNumber);
    } catch (error) {
      const text = error instanceof Error ? error.message : 'failed';
      return sendSimulatorPage(reply, 409, messagePage('تعذّر الدفع', text));
    }
    if (payment.redirectUrl) {
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(payment.redirectUrl, 303);
    }
    return sendSimulatorPage(reply, 200, resultPage(payment));
  });
}
