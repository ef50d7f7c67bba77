/**
 * After a payment: refunds (a refund transaction, called back too), the refund that takes the
 * money and then goes wrong on the way back (`failNextRefund`), and the transaction inquiry
 * that settles a refund left in doubt.
 */
import type { FastifyInstance } from 'fastify';
import { PAYMOB_REFUND_PATH, PAYMOB_TRANSACTIONS_PATH, refundRequestSchema } from '../wire';
import type { PaymobSim, SimTransaction } from './state';
import { APPROVED } from './test-data';
import { transactionObj } from './transaction';
import { authorise, drfErrors, paymobTimestamp } from './wire';

/** How long a refund that never answers holds its connection (longer than the adapter waits). */
const DEFAULT_HOLD_MS = 20_000;

/** Records the refund transaction of `parent` and what it refunds. */
function refundOf(sim: PaymobSim, parent: SimTransaction, amountCents: number): SimTransaction {
  const now = paymobTimestamp();
  const refund: SimTransaction = {
    ...parent,
    id: sim.books.nextTransactionId++,
    amountCents,
    outcome: APPROVED,
    createdAt: now,
    updatedAt: now,
    isRefund: true,
    parentId: parent.id,
    refundedCents: 0,
  };
  parent.refundedCents += refund.amountCents;
  parent.updatedAt = now;
  sim.books.transactions.set(refund.id, refund);
  parent.intention.transactionIds.push(refund.id);
  return refund;
}

export function refundRoutes(app: FastifyInstance, sim: PaymobSim): void {
  const { secretKey } = sim.options;

  app.post(PAYMOB_REFUND_PATH, async (request, reply) => {
    if (!authorise(request, reply, secretKey)) return reply;
    const parsed = refundRequestSchema.safeParse(request.body, { reportInput: true });
    if (!parsed.success) return reply.code(400).send(drfErrors(parsed.error.issues));
    const parent = sim.books.transactions.get(Number(parsed.data.transaction_id));
    if (!parent) return reply.code(404).send({ detail: 'Not found.' });
    if (parent.isRefund || !parent.outcome.success) {
      return reply.code(400).send({ detail: 'Transaction is not refundable.' });
    }
    const remaining = parent.amountCents - parent.refundedCents;
    if (parsed.data.amount_cents > remaining) {
      return reply
        .code(400)
        .send({ detail: `Refund amount exceeds the refundable amount (${remaining}).` });
    }
    const refund = refundOf(sim, parent, parsed.data.amount_cents);
    const fault = sim.refundFault;
    sim.refundFault = undefined;
    if (fault?.notify !== false) await sim.callbacks.callBack(refund);
    if (fault?.mode === 'garbage') {
      return reply.code(200).type('text/html').send('<html><body>Bad Gateway</body></html>');
    }
    if (fault?.mode === 'hang') {
      // The money moved; the answer never comes: the connection is held open, then dropped.
      reply.hijack();
      sim.held.hold(request.raw.socket, fault.holdMs ?? DEFAULT_HOLD_MS);
      return reply;
    }
    return reply.code(200).send(transactionObj(sim.books, refund));
  });

  // Transaction inquiry: the transaction as it stands (a payment's refunded amount included).
  app.get<{ Params: { id: string } }>(`${PAYMOB_TRANSACTIONS_PATH}:id`, async (request, reply) => {
    if (!authorise(request, reply, secretKey)) return reply;
    const tx = /^\d{1,15}$/.test(request.params.id)
      ? sim.books.transactions.get(Number(request.params.id))
      : undefined;
    if (!tx) return reply.code(404).send({ detail: 'Not found.' });
    return reply.code(200).send(transactionObj(sim.books, tx));
  });
}
