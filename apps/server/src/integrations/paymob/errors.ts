/** The one error the Paymob adapter throws, and what its kinds mean to a caller. */

/**
 * - `declined`: Paymob refused the operation itself (a refund it will not make).
 * - `invalid-signature`: a callback or redirection whose HMAC does not match: not from Paymob,
 *   or altered on the way. Answer 4xx and change nothing.
 * - `invalid-request`: our input, or a callback body, is not what Paymob accepts or sends.
 * - `unavailable`: network, timeout, Paymob's own failure, or our keys / integration ids are
 *   wrong (configuration); retry later or alert, the user cannot fix it.
 */
export const PAYMOB_ERROR_KINDS = [
  'declined',
  'invalid-signature',
  'invalid-request',
  'unavailable',
] as const;
export type PaymobErrorKind = (typeof PAYMOB_ERROR_KINDS)[number];

export class PaymobError extends Error {
  override name = 'PaymobError';
  readonly kind: PaymobErrorKind;
  /** The HTTP status Paymob answered with, if it answered. */
  readonly providerStatus: number | undefined;

  constructor(
    kind: PaymobErrorKind,
    message: string,
    options?: { cause?: unknown; providerStatus?: number },
  ) {
    super(message, { cause: options?.cause });
    this.kind = kind;
    this.providerStatus = options?.providerStatus;
  }
}

export const isPaymobError = (error: unknown): error is PaymobError => error instanceof PaymobError;
