/**
 * Every API error code of spec section 8, with the HTTP status the server answers it with.
 * The server's error handler and the browser's Arabic catalogue both read this one table.
 * Statuses the spec leaves open are recorded in docs/decisions/009-statuses-of-open-codes.md.
 */
export const API_ERROR_STATUS = {
  unauthenticated: 401,
  forbidden: 403,
  'bad-request': 400,
  illegal: 422,

  'room-exists': 409,
  'user-exists': 409,
  'rating-exists': 409,
  'intro-video-exists': 409,
  'demo-session-exists': 409,
  'subscription-exists': 409,

  'short-video-dur': 400,
  'long-video-dur': 400,

  'subscription-required': 403,
  'subscription-uncancellable': 422,
  'no-enough-minutes': 422,

  'busy-tutor': 409,
  'busy-tutor-manager': 409,
  'inactive-tutor-manager': 422,

  unexpected: 500,
  'not-found': 404,
  'service-unavailable': 503,
  'fawry-error': 502,

  'session-not-found': 404,
  'demo-session-not-found': 404,
  'transaction-not-found': 404,
  'user-not-found': 404,
  'tutor-not-found': 404,
  'student-not-found': 404,
  'lesson-not-found': 404,
  'slot-not-found': 404,
  'rating-not-found': 404,
  'coupon-not-found': 404,
  'asset-not-found': 404,
  'invite-not-found': 404,
  'invoice-not-found': 404,
  'plan-not-found': 404,
  'room-not-found': 404,
  'room-members-not-found': 404,
  'report-not-found': 404,
  'interview-not-found': 404,
  'topic-not-found': 404,
  'withdraw-method-not-found': 404,
  'subscription-not-found': 404,
  'intro-video-not-found': 404,

  'invalid-invoice-method': 400,
  'illegal-invoice-update': 422,

  'email-already-verified': 409,
  'user-already-verified': 409,
  'phone-already-verified': 409,
  'unresolved-phone': 422,
  'unverified-phone': 422,
  // Not in the spec's list: paying needs a verified e-mail (receipts, account ownership).
  'unverified-email': 422,
  'invalid-phone': 400,
  'incorrect-phone': 400,
  'expired-verification-code': 400,
  'invalid-verification-code': 400,

  'wrong-password': 400,
  'no-password': 400,

  'conflicting-lessons': 409,
  'conflicting-interview': 409,
  'conflicting-schedule': 409,
  'reached-booking-limit': 422,
  'lesson-time-passed': 422,
  'week-boundaries-violation': 422,

  'empty-request': 400,
  'large-file-size': 413,
  'not-room-member': 403,
  'invalid-user-name': 400,
  'phone-required': 400,

  // Not in the spec's list: abuse limits (sign-in, sign-up, code sending) need their own answer.
  'too-many-requests': 429,
  // Not in the spec's list either: the catalogue's duplicates (admins' forms) need a clear answer.
  'coupon-exists': 409,
  'plan-invite-exists': 409,
  // Not in the spec's list: one open payment per student; a second checkout waits for it.
  'open-payment-exists': 409,
  // Not in the spec's list: a refund sent without a readable answer blocks the next one until the
  // provider's status settles it (issue 16).
  'refund-in-doubt': 409,
  // Not in the spec's list: settling by hand only a refund in doubt, once (issue 16).
  'refund-not-in-doubt': 409,
  // Not in the spec's list: invites (issue 23, docs/decisions/343-invites.md): a second pending
  // invite to one address, a link past its expiry, and one already used or revoked.
  'invite-exists': 409,
  'invite-expired': 410,
  'invite-closed': 409,
  // Not in the spec's list: short links (issue 23, docs/decisions/351-short-links.md): a name
  // taken (any case), and a link that is unknown or switched off.
  'short-link-exists': 409,
  'short-link-not-found': 404,
  // Not in the spec's list: stored files (issue 23 item 5, docs/decisions/347-stored-files.md): a
  // file something still uses, and one too young to tell from an upload still being recorded.
  'asset-in-use': 409,
  'asset-too-new': 409,
} as const satisfies Record<string, number>;

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;
export const API_ERROR_CODES = Object.keys(API_ERROR_STATUS) as ApiErrorCode[];

/**
 * Field validation codes: one per rule of spec section 5. A failing zod schema reports one of
 * these as its issue message, the server answers it with status 400, and the form shows the
 * Arabic sentence for it inline.
 */
export const VALIDATION_CODES = [
  'required',
  'invalid-type',

  'invalid-withdrawal-amount',

  'password-too-short',
  'password-too-long',
  'password-needs-digit',
  'password-needs-letter',
  'password-has-whitespace',
  'password-mismatch',
  'new-password-mismatch',

  'invalid-email',
  'invalid-confirmation-code',

  'name-too-short',
  'name-too-long',
  'name-not-arabic',

  'bio-empty',
  'bio-too-short',
  'bio-too-long',
  'bio-not-arabic',
  'about-empty',
  'about-too-short',
  'about-too-long',
  'about-not-arabic',

  'birth-year-out-of-range',
  'too-old',
  'too-young',

  'invalid-notice-period',
  'notice-period-too-long',

  'interview-feedback-invalid',
  'interview-feedback-too-short',
  'interview-feedback-too-long',
  'interview-note-invalid',
  'interview-note-too-short',
  'interview-note-too-long',
  'interview-level-too-low',
  'interview-level-too-high',

  'rating-value-too-low',
  'rating-value-too-high',
  'rating-text-too-short',
  'rating-text-too-long',

  'invalid-coupon-code',
  'zero-discount',
  'max-discount-exceeded',
  'invalid-expire-date',
  'expired-coupon',

  'message-invalid',
  'message-too-short',
  'message-too-long',

  'withdraw-min-above-max',
  'withdraw-limit-not-positive',
  'invoice-amount-below-min',
  'invoice-amount-above-max',
  /** Ours: more than the tutor's available balance (earned less withdrawn and pending). */
  'invoice-amount-above-balance',
  'invoice-note-empty',
  'invoice-note-invalid',
  'invoice-note-too-long',

  'invalid-instapay-address',
  'bank-name-empty',
  'invalid-bank-name',
  'invalid-account-number',

  'topic-name-too-short',
  'topic-name-too-long',
  'contact-title-too-short',
  'contact-title-too-long',
  'contact-message-too-short',
  'contact-message-too-long',

  'invalid-weekly-minutes',
  'invalid-plan-price',
  'invalid-plan-discount',
  'invalid-english-level',
  'invalid-cvv',

  'video-too-short',
  'video-too-long',
  'file-too-large',
  'invalid-image-type',

  'invalid-page',

  // Added with the shared schemas. The first four are also API codes (spec section 8): a field
  // rule reports them, and listing them here keeps them in an error body's `fields`.
  'invalid-user-name',
  'phone-required',
  'invalid-phone',
  'invalid-invoice-method',
  'invalid-page-size',
  'invalid-video-type',
  // Added with intro-video reviews (issue 21): a rejection's reason, shown to the tutor.
  'review-reason-too-short',
  'review-reason-too-long',
  // Added with platform settings (issue 23): a bound or rate past any sane figure, a bad link.
  'withdraw-limit-too-high',
  'tutor-rate-not-positive',
  'tutor-rate-too-high',
  'invalid-url',
  // Added with short links (issue 23, docs/decisions/351-short-links.md).
  'short-link-name-invalid',
  'short-link-name-too-short',
  'short-link-name-too-long',
  'short-link-target-invalid',
  'short-link-label-too-long',
  'invalid-campaign-source',
  // Added with the admin's lessons (issue 23, decisions 344 and 346).
  'lesson-cancel-reason-too-short',
  'lesson-cancel-reason-too-long',
  'invalid-date',
  'invalid-date-range',
  // Added with the log export (issue 23, docs/decisions/350-log-export.md): a range that ends
  // before it starts, and one wider than an export may be.
  'log-range-reversed',
  'log-range-too-long',
  // Added with problem reports (issue 23 item 6, docs/decisions/348-problem-reports.md).
  'report-description-too-short',
  'report-description-too-long',
  'report-note-too-long',
] as const;

export type ValidationCode = (typeof VALIDATION_CODES)[number];

/** Everything the server may put in an error body's `code`. */
export type ErrorCode = ApiErrorCode | ValidationCode;

export const isApiErrorCode = (value: unknown): value is ApiErrorCode =>
  typeof value === 'string' && Object.hasOwn(API_ERROR_STATUS, value);

export const isValidationCode = (value: unknown): value is ValidationCode =>
  typeof value === 'string' && (VALIDATION_CODES as readonly string[]).includes(value);

export const isErrorCode = (value: unknown): value is ErrorCode =>
  isApiErrorCode(value) || isValidationCode(value);

/** HTTP status for any error code; field validation codes are all 400. */
export const statusOfErrorCode = (code: ErrorCode): number =>
  isApiErrorCode(code) ? API_ERROR_STATUS[code] : 400;

/** The body of every error answer of the API. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** For validation failures: the field path and its validation code. */
  fields?: { path: string; code: ValidationCode }[];
}
