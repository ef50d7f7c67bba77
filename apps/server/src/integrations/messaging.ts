/**
 * What the rest of the server knows about phone messaging: one interface for WhatsApp and
 * Telegram, and one error whose `kind` maps onto the spec's error codes.
 */

export const CODE_PURPOSES = ['verify-phone', 'reset-password'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** Sends a one-time code to a phone number over a messaging app. */
export interface PhoneMessenger {
  sendCode(phoneE164: string, code: string, purpose: CodePurpose): Promise<{ messageId: string }>;
}

/**
 * - `unresolved-phone`: the app cannot deliver to this number (not on the app, privacy settings,
 *   bot blocked or never started); the spec's error code of the same name.
 * - `invalid-phone`: the provider refused the number itself; the spec's `invalid-phone`.
 * - `unavailable`: our credentials, the provider or the network failed; retry later.
 */
export const MESSAGING_ERROR_KINDS = ['unresolved-phone', 'invalid-phone', 'unavailable'] as const;
export type MessagingErrorKind = (typeof MESSAGING_ERROR_KINDS)[number];

export class MessagingError extends Error {
  override name = 'MessagingError';
  readonly kind: MessagingErrorKind;
  /** The provider's own error code (Cloud API `error.code`, Bot API `error_code`), if any. */
  readonly providerCode: number | string | undefined;

  constructor(
    kind: MessagingErrorKind,
    message: string,
    options?: { cause?: unknown; providerCode?: number | string },
  ) {
    super(message, { cause: options?.cause });
    this.kind = kind;
    this.providerCode = options?.providerCode;
  }
}

export const isMessagingError = (error: unknown): error is MessagingError =>
  error instanceof MessagingError;

const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * `+201001234567` from anything a person or an app may write (`+20 100 123 4567`,
 * `00201001234567`, `201001234567`); undefined when it cannot be an international number.
 */
export function normalizePhone(value: string): string | undefined {
  const compact = value.trim().replace(/[\s\-().]/g, '');
  const international = compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
  const withPlus = international.startsWith('+') ? international : `+${international}`;
  return E164.test(withPlus) ? withPlus : undefined;
}

/** Default lifetime of a verification code, shown in the messages that carry one. */
export const DEFAULT_CODE_VALIDITY_MINUTES = 10;

const arabicNumber = new Intl.NumberFormat('ar-EG');
const arabicPlural = new Intl.PluralRules('ar');

/** "دقيقة واحدة", "دقيقتين", "١٠ دقائق", "١٥ دقيقة": Arabic counts its nouns by number. */
export function arabicMinutes(minutes: number): string {
  const n = arabicNumber.format(minutes);
  switch (arabicPlural.select(minutes)) {
    case 'one':
      return 'دقيقة واحدة';
    case 'two':
      return 'دقيقتين';
    case 'few':
      return `${n} دقائق`;
    default:
      return `${n} دقيقة`;
  }
}
