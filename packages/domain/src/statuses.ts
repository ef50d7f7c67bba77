/**
 * The status sets of spec section 4 and the transitions the spec allows between them. The guards
 * are pure; the server also writes each transition as a guarded UPDATE so a lost race fails
 * cleanly instead of overwriting a newer status.
 */

import { valuesOf } from './values';

// ---------------------------------------------------------------------------------------------
// Withdrawal requests (invoices)

export const InvoiceStatus = {
  PendingApproval: 0,
  PendingCancellation: 1,
  Canceled: 2,
  Approved: 3,
  Rejected: 4,
} as const;
export type InvoiceStatus = (typeof InvoiceStatus)[keyof typeof InvoiceStatus];
export const INVOICE_STATUSES = valuesOf(InvoiceStatus);

/**
 * The descriptive labels of spec section 4. There are more labels than statuses: the label also
 * tells who moved the invoice there, which the status alone does not.
 */
export const InvoiceLabel = {
  Pending: 'pending',
  CancellationRequested: 'cancellation-requested',
  UpdatedByReceiver: 'updated-by-receiver',
  CanceledByAdmin: 'canceled-by-admin',
  CancellationApprovedByAdmin: 'cancellation-approved-by-admin',
  Fulfilled: 'fulfilled',
  Rejected: 'rejected',
} as const;
export type InvoiceLabel = (typeof InvoiceLabel)[keyof typeof InvoiceLabel];
export const INVOICE_LABELS = valuesOf(InvoiceLabel);

/** What the invoice went through, beyond its status, to pick its label. */
export interface InvoiceHistory {
  /** The tutor changed the request and the admin approved the change. */
  updatedByReceiver: boolean;
  /** The tutor asked to cancel before the invoice was canceled. */
  cancellationRequested: boolean;
}

export function invoiceLabel(status: InvoiceStatus, history: InvoiceHistory): InvoiceLabel {
  switch (status) {
    case InvoiceStatus.PendingApproval:
      return history.updatedByReceiver ? InvoiceLabel.UpdatedByReceiver : InvoiceLabel.Pending;
    case InvoiceStatus.PendingCancellation:
      return InvoiceLabel.CancellationRequested;
    case InvoiceStatus.Canceled:
      return history.cancellationRequested
        ? InvoiceLabel.CancellationApprovedByAdmin
        : InvoiceLabel.CanceledByAdmin;
    case InvoiceStatus.Approved:
      return InvoiceLabel.Fulfilled;
    case InvoiceStatus.Rejected:
      return InvoiceLabel.Rejected;
  }
}

/** Who acts on an invoice: the tutor who asked for the money, or an admin. */
export type InvoiceActor = 'tutor' | 'admin';

/**
 * The invoice status graph (an arrow per allowed change; anything else is refused):
 *
 *   tutor:  PendingApproval     -> PendingCancellation  (asks to cancel)
 *   admin:  PendingApproval     -> Approved             (transferred: "fulfilled")
 *                               -> Rejected
 *                               -> Canceled             ("canceled by admin")
 *           PendingCancellation -> Canceled             (approves the cancel request)
 *                               -> Approved             (the transfer was already made)
 *                               -> Rejected
 *
 * Canceled, Approved and Rejected are final: once money has moved (Approved) nothing may cancel
 * or change the request, which is the spec's "only if no transfer has been made yet".
 * An update request does not change the status; see `canRequestInvoiceUpdate`.
 */
const INVOICE_TRANSITIONS: Record<InvoiceActor, Partial<Record<InvoiceStatus, InvoiceStatus[]>>> = {
  tutor: {
    [InvoiceStatus.PendingApproval]: [InvoiceStatus.PendingCancellation],
  },
  admin: {
    [InvoiceStatus.PendingApproval]: [
      InvoiceStatus.Approved,
      InvoiceStatus.Rejected,
      InvoiceStatus.Canceled,
    ],
    [InvoiceStatus.PendingCancellation]: [
      InvoiceStatus.Canceled,
      InvoiceStatus.Approved,
      InvoiceStatus.Rejected,
    ],
  },
};

export const canTransitionInvoice = (
  from: InvoiceStatus,
  to: InvoiceStatus,
  actor: InvoiceActor,
): boolean => INVOICE_TRANSITIONS[actor][from]?.includes(to) ?? false;

/** The final statuses: nothing more happens to these invoices. */
export const isFinalInvoiceStatus = (status: InvoiceStatus): boolean =>
  status === InvoiceStatus.Canceled ||
  status === InvoiceStatus.Approved ||
  status === InvoiceStatus.Rejected;

/** The tutor may ask to change a request (amount, method, receiver) until it is handled. */
export const canRequestInvoiceUpdate = (status: InvoiceStatus): boolean =>
  status === InvoiceStatus.PendingApproval;

/** The admin approves an update only while no transfer has been made. */
export const canApproveInvoiceUpdate = (status: InvoiceStatus): boolean =>
  status === InvoiceStatus.PendingApproval;

// ---------------------------------------------------------------------------------------------
// Interviews, demo sessions and reviews

export const InterviewStatus = {
  Pending: 1,
  Passed: 2,
  Rejected: 3,
  CanceledByInterviewer: 4,
  CanceledByInterviewee: 5,
} as const;
export type InterviewStatus = (typeof InterviewStatus)[keyof typeof InterviewStatus];
export const INTERVIEW_STATUSES = valuesOf(InterviewStatus);

/** The spec's "second review status set", used by demo sessions. */
export const DemoSessionStatus = {
  Pending: 1,
  Passed: 2,
  Rejected: 3,
  CanceledByTutorManager: 4,
  CanceledByTutor: 5,
  CanceledByAdmin: 6,
} as const;
export type DemoSessionStatus = (typeof DemoSessionStatus)[keyof typeof DemoSessionStatus];
export const DEMO_SESSION_STATUSES = valuesOf(DemoSessionStatus);

export const ReviewStatus = { Pending: 1, Rejected: 2, Approved: 3 } as const;
export type ReviewStatus = (typeof ReviewStatus)[keyof typeof ReviewStatus];
export const REVIEW_STATUSES = valuesOf(ReviewStatus);

/** Who wants to cancel an interview. */
export type InterviewActor = 'interviewee' | 'interviewer';

/**
 * Either side may cancel a pending interview until it starts; once it has started only the tutor
 * manager (the interviewer) decides its outcome, cancellation included.
 */
export function canCancelInterview(
  interview: { status: InterviewStatus; start: Date },
  actor: InterviewActor,
  now: Date,
): boolean {
  if (interview.status !== InterviewStatus.Pending) return false;
  return actor === 'interviewer' || now.getTime() < interview.start.getTime();
}

/** The status an interview gets when this side cancels it. */
export const interviewCanceledStatus = (actor: InterviewActor): InterviewStatus =>
  actor === 'interviewer'
    ? InterviewStatus.CanceledByInterviewer
    : InterviewStatus.CanceledByInterviewee;

// ---------------------------------------------------------------------------------------------
// Lessons

export const LessonStatus = {
  Pending: 'pending',
  Happening: 'happening',
  Fulfilled: 'fulfilled',
  Cancelled: 'cancelled',
} as const;
export type LessonStatus = (typeof LessonStatus)[keyof typeof LessonStatus];
export const LESSON_STATUSES = valuesOf(LessonStatus);

/** `self` is the system itself (for example a lesson dropped when its subscription ends). */
export const LessonCanceledBy = { Tutor: 'tutor', Student: 'student', Self: 'self' } as const;
export type LessonCanceledBy = (typeof LessonCanceledBy)[keyof typeof LessonCanceledBy];
export const LESSON_CANCELED_BY = valuesOf(LessonCanceledBy);

/** Lesson list filter: ratified lessons are those not canceled. */
export const LessonRatification = { Ratified: 'ratified', Canceled: 'canceled' } as const;
export type LessonRatification = (typeof LessonRatification)[keyof typeof LessonRatification];
export const LESSON_RATIFICATIONS = valuesOf(LessonRatification);

/** Lesson list filter by time: started after now, ended before now, or going on now. */
export const LessonTiming = { Future: 'future', Past: 'past', Now: 'now' } as const;
export type LessonTiming = (typeof LessonTiming)[keyof typeof LessonTiming];
export const LESSON_TIMINGS = valuesOf(LessonTiming);

/** Where a lesson stands relative to `now`; it is "now" from its start up to (not incl.) its end. */
export function lessonTiming(
  lesson: { start: Date; durationMinutes: number },
  now: Date,
): LessonTiming {
  const start = lesson.start.getTime();
  const end = start + lesson.durationMinutes * 60_000;
  if (now.getTime() < start) return LessonTiming.Future;
  return now.getTime() < end ? LessonTiming.Now : LessonTiming.Past;
}

// ---------------------------------------------------------------------------------------------
// Payments

export const TransactionStatus = {
  New: 0,
  Paid: 1,
  Canceled: 2,
  Refunded: 3,
  Expired: 4,
  PartialRefunded: 5,
  Failed: 6,
  Processed: 7,
} as const;
export type TransactionStatus = (typeof TransactionStatus)[keyof typeof TransactionStatus];
export const TRANSACTION_STATUSES = valuesOf(TransactionStatus);

/**
 * The transaction status graph (arrows are the allowed changes):
 *
 *   New             -> Paid | Canceled | Expired | Failed
 *   Paid            -> Processed (we granted what was bought) | Refunded | PartialRefunded
 *   Processed       -> Refunded | PartialRefunded   (a refund may come after the subscription
 *                                                   was granted; the service revokes it)
 *   PartialRefunded -> PartialRefunded (another part) | Refunded (the rest)
 *   Canceled, Expired, Failed, Refunded: final.
 *
 * Payment callbacks may be replayed; a replay asks for the same status again, which is refused
 * here (except for repeated partial refunds), so the service treats "same status" as a no-op
 * before asking this guard.
 */
const TRANSACTION_TRANSITIONS: Record<TransactionStatus, readonly TransactionStatus[]> = {
  [TransactionStatus.New]: [
    TransactionStatus.Paid,
    TransactionStatus.Canceled,
    TransactionStatus.Expired,
    TransactionStatus.Failed,
  ],
  [TransactionStatus.Paid]: [
    TransactionStatus.Processed,
    TransactionStatus.Refunded,
    TransactionStatus.PartialRefunded,
  ],
  [TransactionStatus.Processed]: [TransactionStatus.Refunded, TransactionStatus.PartialRefunded],
  [TransactionStatus.PartialRefunded]: [
    TransactionStatus.PartialRefunded,
    TransactionStatus.Refunded,
  ],
  [TransactionStatus.Canceled]: [],
  [TransactionStatus.Expired]: [],
  [TransactionStatus.Failed]: [],
  [TransactionStatus.Refunded]: [],
};

export const canTransitionTransaction = (from: TransactionStatus, to: TransactionStatus): boolean =>
  TRANSACTION_TRANSITIONS[from].includes(to);

export const isFinalTransactionStatus = (status: TransactionStatus): boolean =>
  TRANSACTION_TRANSITIONS[status].length === 0;

/** Money was taken (and not all of it given back). */
export const isPaidTransactionStatus = (status: TransactionStatus): boolean =>
  status === TransactionStatus.Paid ||
  status === TransactionStatus.Processed ||
  status === TransactionStatus.PartialRefunded;

// ---------------------------------------------------------------------------------------------
// Connections

/** The quality of a live session's peer connection as shown to the user. */
export const SessionConnectionState = {
  Reconnecting: 'reconnecting',
  Poor: 'poor',
  Lost: 'lost',
} as const;
export type SessionConnectionState =
  (typeof SessionConnectionState)[keyof typeof SessionConnectionState];
export const SESSION_CONNECTION_STATES = valuesOf(SessionConnectionState);

export const SocketState = {
  Closed: 'closed',
  Opening: 'opening',
  Open: 'open',
  Closing: 'closing',
} as const;
export type SocketState = (typeof SocketState)[keyof typeof SocketState];
export const SOCKET_STATES = valuesOf(SocketState);
