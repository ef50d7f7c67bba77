/**
 * A tutor's earnings (issue 22 item 1; docs/decisions/318-lesson-earning-rule.md): every fulfilled
 * lesson credits its tutor the minutes actually taught at one platform rate; withdrawals hold
 * their amount from the moment they are asked for. Everything here is piasters.
 *
 * - A lesson's earning = (duration - minutes returned to the student) x TUTOR_RATE_PIASTERS_PER_MINUTE.
 *   The student's plan, discounts, coupons or free trial do not change what the tutor earns.
 * - The ledger is append-only: a credit is undone by a reversal entry, a held withdrawal is given
 *   back by a release entry; no entry is ever changed.
 * - Available = earned - withdrawn (Approved) - pending (PendingApproval, PendingCancellation).
 */

import { InvoiceStatus } from '../statuses';

/** What one minute taught earns the tutor by default: 2 EGP (120 EGP an hour). */
export const TUTOR_RATE_PIASTERS_PER_MINUTE = 200;

/**
 * What a fulfilled lesson earns its tutor: the minutes taught at the platform rate, the one the
 * platform settings hold when the lesson is fulfilled (decision 339; this default until set).
 */
export function lessonEarning(
  lesson: { duration: number; minutesReturned: number },
  ratePerMinute: number = TUTOR_RATE_PIASTERS_PER_MINUTE,
): number {
  const taught = Math.max(0, lesson.duration - lesson.minutesReturned);
  return taught * ratePerMinute;
}

/** The kinds of ledger entry; credits are positive amounts, debits negative. */
export const LedgerEntryKind = {
  /** A fulfilled lesson's earning (+). */
  Lesson: 'lesson',
  /** A credited lesson later found not held (-). */
  LessonReversal: 'lesson-reversal',
  /** A withdrawal request holds its amount (-). */
  Withdrawal: 'withdrawal',
  /** A canceled or rejected request (or the old amount of a changed one) gives it back (+). */
  WithdrawalRelease: 'withdrawal-release',
} as const;
export type LedgerEntryKind = (typeof LedgerEntryKind)[keyof typeof LedgerEntryKind];
export const LEDGER_ENTRY_KINDS = Object.values(LedgerEntryKind);

/** A tutor's totals, as GET /invoice/stats/{id} answers them. */
export interface EarningTotals {
  earned: number;
  withdrawn: number;
  pending: number;
  available: number;
}

export const earningTotals = (balance: {
  earned: number;
  withdrawn: number;
  pending: number;
}): EarningTotals => ({
  ...balance,
  available: balance.earned - balance.withdrawn - balance.pending,
});

/** Statuses whose amount is held against the balance until the request ends. */
export const isHeldInvoiceStatus = (status: InvoiceStatus): boolean =>
  status === InvoiceStatus.PendingApproval || status === InvoiceStatus.PendingCancellation;

/** Whether a tutor with `available` piasters may ask for `amount` more. */
export const mayWithdraw = (available: number, amount: number): boolean =>
  amount > 0 && amount <= available;
