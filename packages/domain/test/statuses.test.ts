import { describe, expect, it } from 'vitest';
import {
  canApproveInvoiceUpdate,
  canCancelInterview,
  canRequestInvoiceUpdate,
  canTransitionInvoice,
  canTransitionTransaction,
  DemoSessionStatus,
  INVOICE_STATUSES,
  interviewCanceledStatus,
  InterviewStatus,
  InvoiceLabel,
  invoiceLabel,
  InvoiceStatus,
  isFinalInvoiceStatus,
  isFinalTransactionStatus,
  isPaidTransactionStatus,
  lessonTiming,
  ReviewStatus,
  TRANSACTION_STATUSES,
  TransactionStatus,
} from '../src/statuses';
import type { InvoiceActor } from '../src/statuses';

const { PendingApproval, PendingCancellation, Canceled, Approved, Rejected } = InvoiceStatus;

/** Every allowed (from, to) pair of a guard, as "from->to" strings. */
function allowedPairs<S extends number>(
  statuses: readonly S[],
  allowed: (from: S, to: S) => boolean,
) {
  return statuses.flatMap((from) =>
    statuses.filter((to) => allowed(from, to)).map((to) => `${from}->${to}`),
  );
}

describe('status values', () => {
  it('match the spec', () => {
    expect(InvoiceStatus).toEqual({
      PendingApproval: 0,
      PendingCancellation: 1,
      Canceled: 2,
      Approved: 3,
      Rejected: 4,
    });
    expect(InterviewStatus.CanceledByInterviewee).toBe(5);
    expect(DemoSessionStatus.CanceledByAdmin).toBe(6);
    expect(ReviewStatus).toEqual({ Pending: 1, Rejected: 2, Approved: 3 });
    expect(TRANSACTION_STATUSES).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('canTransitionInvoice', () => {
  const pairs = (actor: InvoiceActor) =>
    allowedPairs(INVOICE_STATUSES, (from, to) => canTransitionInvoice(from, to, actor));

  it('lets the tutor only ask to cancel a pending request', () => {
    expect(pairs('tutor')).toEqual([`${PendingApproval}->${PendingCancellation}`]);
  });

  it('lets the admin fulfil, reject or cancel a pending request and settle a cancel request', () => {
    expect(pairs('admin')).toEqual([
      `${PendingApproval}->${Canceled}`,
      `${PendingApproval}->${Approved}`,
      `${PendingApproval}->${Rejected}`,
      `${PendingCancellation}->${Canceled}`,
      `${PendingCancellation}->${Approved}`,
      `${PendingCancellation}->${Rejected}`,
    ]);
  });

  it('never leaves a final status, for anybody', () => {
    for (const from of INVOICE_STATUSES.filter(isFinalInvoiceStatus)) {
      for (const to of INVOICE_STATUSES) {
        expect(canTransitionInvoice(from, to, 'admin')).toBe(false);
        expect(canTransitionInvoice(from, to, 'tutor')).toBe(false);
      }
    }
  });

  it('allows update requests and approvals only before any transfer', () => {
    expect(INVOICE_STATUSES.filter(canRequestInvoiceUpdate)).toEqual([PendingApproval]);
    expect(INVOICE_STATUSES.filter(canApproveInvoiceUpdate)).toEqual([PendingApproval]);
  });
});

describe('invoiceLabel', () => {
  const plain = { updatedByReceiver: false, cancellationRequested: false };

  it('names every status, telling who acted where the status alone cannot', () => {
    expect(invoiceLabel(PendingApproval, plain)).toBe(InvoiceLabel.Pending);
    expect(invoiceLabel(PendingApproval, { ...plain, updatedByReceiver: true })).toBe(
      'updated-by-receiver',
    );
    expect(invoiceLabel(PendingCancellation, plain)).toBe('cancellation-requested');
    expect(invoiceLabel(Canceled, plain)).toBe('canceled-by-admin');
    expect(invoiceLabel(Canceled, { ...plain, cancellationRequested: true })).toBe(
      'cancellation-approved-by-admin',
    );
    expect(invoiceLabel(Approved, plain)).toBe('fulfilled');
    expect(invoiceLabel(Rejected, plain)).toBe('rejected');
  });
});

describe('canTransitionTransaction', () => {
  const T = TransactionStatus;

  it('allows exactly the documented graph', () => {
    expect(allowedPairs(TRANSACTION_STATUSES, canTransitionTransaction)).toEqual([
      `${T.New}->${T.Paid}`,
      `${T.New}->${T.Canceled}`,
      `${T.New}->${T.Expired}`,
      `${T.New}->${T.Failed}`,
      `${T.Paid}->${T.Refunded}`,
      `${T.Paid}->${T.PartialRefunded}`,
      `${T.Paid}->${T.Processed}`,
      `${T.PartialRefunded}->${T.Refunded}`,
      `${T.PartialRefunded}->${T.PartialRefunded}`,
      `${T.Processed}->${T.Refunded}`,
      `${T.Processed}->${T.PartialRefunded}`,
    ]);
  });

  it('refuses going back to New or Paid', () => {
    for (const from of TRANSACTION_STATUSES) {
      expect(canTransitionTransaction(from, T.New)).toBe(false);
      if (from !== T.New) expect(canTransitionTransaction(from, T.Paid)).toBe(false);
    }
  });

  it('knows the final and the paid statuses', () => {
    expect(TRANSACTION_STATUSES.filter(isFinalTransactionStatus)).toEqual([
      T.Canceled,
      T.Refunded,
      T.Expired,
      T.Failed,
    ]);
    expect(TRANSACTION_STATUSES.filter(isPaidTransactionStatus)).toEqual([
      T.Paid,
      T.PartialRefunded,
      T.Processed,
    ]);
  });
});

describe('interviews', () => {
  const start = new Date('2025-03-01T10:00:00Z');
  const before = new Date('2025-03-01T09:59:59Z');
  const pending = { status: InterviewStatus.Pending, start };

  it('either side cancels until the start; afterwards only the interviewer', () => {
    expect(canCancelInterview(pending, 'interviewee', before)).toBe(true);
    expect(canCancelInterview(pending, 'interviewee', start)).toBe(false);
    expect(canCancelInterview(pending, 'interviewer', start)).toBe(true);
  });

  it('a decided interview cannot be canceled', () => {
    const passed = { status: InterviewStatus.Passed, start };
    expect(canCancelInterview(passed, 'interviewer', before)).toBe(false);
  });

  it('records who canceled', () => {
    expect(interviewCanceledStatus('interviewer')).toBe(InterviewStatus.CanceledByInterviewer);
    expect(interviewCanceledStatus('interviewee')).toBe(InterviewStatus.CanceledByInterviewee);
  });
});

describe('lessonTiming', () => {
  const lesson = { start: new Date('2025-03-01T10:00:00Z'), durationMinutes: 30 };

  it('is future before the start, now during it and past from its end', () => {
    expect(lessonTiming(lesson, new Date('2025-03-01T09:59:59.999Z'))).toBe('future');
    expect(lessonTiming(lesson, new Date('2025-03-01T10:00:00Z'))).toBe('now');
    expect(lessonTiming(lesson, new Date('2025-03-01T10:29:59.999Z'))).toBe('now');
    expect(lessonTiming(lesson, new Date('2025-03-01T10:30:00Z'))).toBe('past');
  });
});
