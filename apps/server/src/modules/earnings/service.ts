import type { FastifyInstance } from 'fastify';
import {
  canApproveInvoiceUpdate,
  canRequestInvoiceUpdate,
  canTransitionInvoice,
  earningTotals,
  InvoiceStatus,
  isAdminRole,
  Role,
  ServerEvent,
} from '@talaqa/domain';
import type {
  EarningTotalsView,
  ImageType,
  InvoiceListFilters,
  InvoiceUpdateData,
  InvoiceView,
  LedgerPage,
  WithdrawalRequest,
} from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db';
import type { InvoiceRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { Identity } from '../../http/access';
import { isAdmin } from '../../http/access';
import { userRoom } from '../../realtime';
import { recordAdminAction } from '../audit';
import { withdrawalLimitsNow } from '../platform-settings';
import {
  balanceOf,
  findInvoiceByReceipt,
  findInvoiceView,
  holdBalance,
  insertInvoice,
  insertWithdrawalEntry,
  listInvoiceViews,
  listLedger,
  lockInvoice,
  markInvoiceDeleted,
  payBalance,
  receiverOf,
  releaseBalance,
  roleOf,
  updateInvoice,
} from './repo';

/**
 * Withdrawal requests (issue 22; decisions 319, 320). A request holds its amount against the
 * tutor's balance when it is made; a rejected or canceled one gives it back; a fulfilled one
 * turns it into withdrawn money. Every change is one transaction on the locked request and, where
 * money moves, the tutor's balance row; the tutor's tabs and the admins on `AdminInvoices` hear
 * `InvoiceUpdated` after the commit.
 */

/** The socket.io room of the admins' `AdminInvoices` channel. */
export const ADMIN_INVOICES_ROOM = 'channel:AdminInvoices';

export type ReceiptStorage = Pick<FastifyInstance['assets'], 'save' | 'remove' | 'open'>;

const aboveBalance = (): AppError =>
  new AppError('invoice-amount-above-balance', 'More than the available balance', {
    fields: [{ path: 'amount', code: 'invoice-amount-above-balance' }],
  });

/** Holds an amount to the withdrawal bounds the platform settings have now (decision 339). */
async function assertWithinLimits(tx: Database, amount: number): Promise<void> {
  const limits = await withdrawalLimitsNow(tx);
  const code =
    amount < limits.min
      ? 'invoice-amount-below-min'
      : amount > limits.max
        ? 'invoice-amount-above-max'
        : undefined;
  if (code) {
    throw new AppError(code, 'Outside the withdrawal bounds', {
      fields: [{ path: 'amount', code }],
    });
  }
}

function announce(ctx: Pick<ServiceContext, 'io'>, view: InvoiceView): void {
  ctx.io.to([userRoom(view.userId), ADMIN_INVOICES_ROOM]).emit(ServerEvent.InvoiceUpdated, view);
}

async function viewOf(db: Database, id: number): Promise<InvoiceView> {
  const view = await findInvoiceView(db, id);
  if (!view) throw new AppError('invoice-not-found');
  return view;
}

/** POST /invoice: the tutor asks for `request.amount` of the available balance. */
export async function createInvoice(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'io'>,
  caller: Identity,
  request: WithdrawalRequest,
): Promise<InvoiceView> {
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    await assertWithinLimits(tx, request.amount);
    const held = await holdBalance(tx, {
      tutorId: caller.userId,
      amount: request.amount,
      releasing: 0,
      at: now,
    });
    if (!held) throw aboveBalance();
    const row = await insertInvoice(tx, {
      userId: caller.userId,
      amount: request.amount,
      ...receiverOf(request),
      status: InvoiceStatus.PendingApproval,
      createdAt: now,
      updatedAt: now,
    });
    await insertWithdrawalEntry(tx, {
      tutorId: caller.userId,
      invoiceId: row.id,
      amount: request.amount,
      at: now,
      release: false,
    });
    return row.id;
  });
  const view = await viewOf(ctx.db, id);
  announce(ctx, view);
  return view;
}

/** GET /invoice: everyone's for an admin; a tutor's own. */
export async function listInvoices(
  { db }: Pick<ServiceContext, 'db'>,
  caller: Identity,
  filters: InvoiceListFilters,
): Promise<{ list: InvoiceView[]; total: number }> {
  if (isAdmin(caller)) return listInvoiceViews(db, filters);
  if (filters.tutorId !== undefined && filters.tutorId !== caller.userId) {
    throw new AppError('forbidden', 'Only your own withdrawal requests');
  }
  return listInvoiceViews(db, { ...filters, tutorId: caller.userId });
}

/** The tutor whose money the caller may read: themselves, or any tutor for an admin. */
export async function readableTutor(
  db: Database,
  caller: Identity,
  tutorId: number,
): Promise<number> {
  if (!isAdmin(caller)) {
    if (tutorId !== caller.userId) throw new AppError('forbidden', 'Only your own earnings');
    return tutorId;
  }
  if ((await roleOf(db, tutorId)) !== Role.Tutor) throw new AppError('tutor-not-found');
  return tutorId;
}

/** GET /invoice/stats/{id}: the tutor's totals. */
export async function tutorTotals(
  { db }: Pick<ServiceContext, 'db'>,
  caller: Identity,
  tutorId: number,
): Promise<EarningTotalsView> {
  await readableTutor(db, caller, tutorId);
  return { tutorId, ...earningTotals(await balanceOf(db, tutorId)) };
}

/** GET /invoice/ledger: the tutor's entries, newest first. */
export async function tutorLedger(
  { db }: Pick<ServiceContext, 'db'>,
  caller: Identity,
  query: { tutorId?: number; page: number; size: number },
): Promise<LedgerPage> {
  const tutorId = await readableTutor(db, caller, query.tutorId ?? caller.userId);
  return listLedger(db, tutorId, query);
}

/** GET /assets/receipts/{name}: the receipt's invoice must be the caller's, or the caller an admin. */
export async function mayReadReceipt(
  { db }: Pick<ServiceContext, 'db'>,
  caller: Identity,
  name: string,
): Promise<boolean> {
  const invoice = await findInvoiceByReceipt(db, name);
  return invoice !== undefined && (isAdmin(caller) || invoice.userId === caller.userId);
}

const TUTOR_ACTIONS = new Set<InvoiceUpdateData['action']>(['request-cancel', 'request-update']);

const illegal = (why: string): AppError => new AppError('illegal-invoice-update', why);

interface Step {
  tx: Database;
  invoice: InvoiceRow;
  caller: Identity;
  now: Date;
  receipt: string | undefined;
}

/** The admin's note sent with an action: absent leaves it as it is. */
const noted = (update: InvoiceUpdateData) =>
  'note' in update && update.note !== undefined ? { adminNote: update.note } : {};

/** Moves the request to `to` (the status graph's rule for `actor`), giving the held money back. */
async function endRequest(
  { tx, invoice, caller, now }: Step,
  to: InvoiceStatus,
  values: Partial<InvoiceRow>,
): Promise<InvoiceRow | undefined> {
  if (!canTransitionInvoice(invoice.status, to, 'admin')) {
    throw illegal('This request cannot move there from its status');
  }
  const row = await updateInvoice(tx, invoice.id, invoice.status, {
    ...values,
    status: to,
    requestedChange: null,
    addressedBy: caller.userId,
    updatedAt: now,
  });
  if (!row) return undefined;
  if (to === InvoiceStatus.Approved) {
    await payBalance(tx, { tutorId: invoice.userId, amount: invoice.amount, at: now });
  } else {
    await releaseBalance(tx, { tutorId: invoice.userId, amount: invoice.amount, at: now });
    await insertWithdrawalEntry(tx, {
      tutorId: invoice.userId,
      invoiceId: invoice.id,
      amount: invoice.amount,
      at: now,
      release: true,
    });
  }
  return row;
}

/** Applies the tutor's requested change: the old amount is released and the new one held. */
async function applyChange(step: Step, update: InvoiceUpdateData): Promise<InvoiceRow | undefined> {
  const { tx, invoice, caller, now } = step;
  const change = invoice.requestedChange;
  if (!change || !canApproveInvoiceUpdate(invoice.status)) {
    throw illegal('No change to approve, or the request is no longer pending');
  }
  const held = await holdBalance(tx, {
    tutorId: invoice.userId,
    amount: change.amount,
    releasing: invoice.amount,
    at: now,
  });
  if (!held) throw aboveBalance();
  const row = await updateInvoice(tx, invoice.id, invoice.status, {
    ...change,
    ...noted(update),
    requestedChange: null,
    updatedByReceiver: true,
    addressedBy: caller.userId,
    updatedAt: now,
  });
  for (const entry of [
    { amount: invoice.amount, release: true },
    { amount: change.amount, release: false },
  ]) {
    await insertWithdrawalEntry(tx, {
      tutorId: invoice.userId,
      invoiceId: invoice.id,
      at: now,
      ...entry,
    });
  }
  return row;
}

async function applyAction(step: Step, update: InvoiceUpdateData): Promise<InvoiceRow | undefined> {
  const { tx, invoice, caller, now } = step;
  switch (update.action) {
    case 'request-cancel':
      if (!canTransitionInvoice(invoice.status, InvoiceStatus.PendingCancellation, 'tutor')) {
        throw illegal('Only a pending request can be asked to be canceled');
      }
      return updateInvoice(tx, invoice.id, invoice.status, {
        status: InvoiceStatus.PendingCancellation,
        cancellationRequested: true,
        requestedChange: null,
        updatedAt: now,
      });
    case 'request-update': {
      if (!canRequestInvoiceUpdate(invoice.status)) {
        throw illegal('Only a pending request can be changed');
      }
      await assertWithinLimits(tx, update.change.amount);
      // Checked now so the tutor hears it at once; the approval holds it for good.
      const totals = earningTotals(await balanceOf(tx, invoice.userId));
      if (update.change.amount > totals.available + invoice.amount) throw aboveBalance();
      return updateInvoice(tx, invoice.id, invoice.status, {
        requestedChange: { amount: update.change.amount, ...receiverOf(update.change) },
        updatedAt: now,
      });
    }
    case 'fulfil':
      if (!step.receipt) {
        throw new AppError('empty-request', 'A fulfilled request needs its receipt image', {
          fields: [{ path: 'receipt', code: 'required' }],
        });
      }
      return endRequest(step, InvoiceStatus.Approved, {
        receiptImage: step.receipt,
        ...noted(update),
      });
    case 'reject':
      return endRequest(step, InvoiceStatus.Rejected, noted(update));
    case 'cancel':
      if (invoice.status !== InvoiceStatus.PendingApproval) {
        throw illegal('Only a pending request can be canceled by an admin');
      }
      return endRequest(step, InvoiceStatus.Canceled, noted(update));
    case 'approve-cancel':
      if (invoice.status !== InvoiceStatus.PendingCancellation) {
        throw illegal('No cancellation was asked for');
      }
      return endRequest(step, InvoiceStatus.Canceled, noted(update));
    case 'approve-update':
      return applyChange(step, update);
    case 'decline-update':
      if (!invoice.requestedChange || !canApproveInvoiceUpdate(invoice.status)) {
        throw illegal('No change to decline');
      }
      return updateInvoice(tx, invoice.id, invoice.status, {
        ...noted(update),
        requestedChange: null,
        addressedBy: caller.userId,
        updatedAt: now,
      });
    case 'note':
      return updateInvoice(tx, invoice.id, invoice.status, {
        adminNote: update.note,
        addressedBy: caller.userId,
        updatedAt: now,
      });
  }
}

/**
 * PUT /invoice/{id}/with/asset. The tutor may act on their own request only (another's is not
 * found), admins on any; a tutor's action by an admin, or an admin's by a tutor, is forbidden.
 * A receipt image goes only with `fulfil`; it is stored first and deleted again when the change
 * is refused.
 */
export async function changeInvoice(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'io' | 'log'>,
  storage: ReceiptStorage,
  caller: Identity,
  id: number,
  update: InvoiceUpdateData,
  receipt: { bytes: Uint8Array; type: ImageType } | undefined,
): Promise<InvoiceView> {
  const admin = isAdminRole(caller.role);
  if (admin === TUTOR_ACTIONS.has(update.action)) {
    throw new AppError('forbidden', admin ? 'Only the tutor asks for this' : 'Only admins do this');
  }
  if (receipt && update.action !== 'fulfil') {
    throw new AppError('bad-request', 'A receipt goes only with fulfil', {
      fields: [{ path: 'receipt', code: 'invalid-type' }],
    });
  }
  const now = ctx.clock.now();
  const stored = receipt ? await storage.save('receipts', receipt.bytes, receipt.type) : undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      const invoice = await lockInvoice(tx, id);
      if (!invoice || (!admin && invoice.userId !== caller.userId)) {
        throw new AppError('invoice-not-found');
      }
      const row = await applyAction({ tx, invoice, caller, now, receipt: stored }, update);
      // The row is locked: a guarded update can only miss if the status moved under the lock.
      if (!row) throw illegal('The request changed meanwhile');
      if (admin) {
        await recordAdminAction(
          tx,
          {
            actorId: caller.userId,
            action: 'invoice.process',
            targetId: invoice.id,
            details: { action: update.action, from: invoice.status, to: row.status },
          },
          now,
        );
      }
    });
  } catch (error) {
    if (stored) {
      await storage.remove('receipts', stored).catch((removal: unknown) => {
        ctx.log.warn({ err: removal, name: stored }, 'could not delete a refused receipt');
      });
    }
    throw error;
  }
  const view = await viewOf(ctx.db, id);
  announce(ctx, view);
  return view;
}

/**
 * DELETE /invoice/{id} (ours; decision 337): an admin removes a Canceled or Rejected request,
 * which holds no money and moved none, from every list. Its ledger entries stay. A request
 * already deleted is answered as done (a retry) and announced once; any other status is
 * `illegal-invoice-update`, nothing changed.
 */
export async function deleteInvoice(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'io'>,
  caller: Identity,
  id: number,
): Promise<void> {
  const now = ctx.clock.now();
  const deleted = await ctx.db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, id, { withDeleted: true });
    if (!invoice) throw new AppError('invoice-not-found');
    if (invoice.deletedAt) return undefined;
    if (invoice.status !== InvoiceStatus.Canceled && invoice.status !== InvoiceStatus.Rejected) {
      throw illegal('Only a canceled or rejected request can be deleted');
    }
    await markInvoiceDeleted(tx, invoice.id, caller.userId, now);
    await recordAdminAction(
      tx,
      {
        actorId: caller.userId,
        action: 'invoice.delete',
        targetId: invoice.id,
        details: { status: invoice.status, amount: invoice.amount },
      },
      now,
    );
    return { id: invoice.id, userId: invoice.userId };
  });
  if (deleted) {
    ctx.io
      .to([userRoom(deleted.userId), ADMIN_INVOICES_ROOM])
      .emit(ServerEvent.InvoiceDeleted, deleted);
  }
}
