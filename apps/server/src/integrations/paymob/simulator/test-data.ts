/**
 * What the simulated merchant account has: its card integration, the test cards the checkout
 * page accepts, and what each card does.
 */

/** The one card integration the simulator knows unless told otherwise. */
export const PAYMOB_SIMULATOR_INTEGRATION_ID = 4_900_001;

export interface TestCard {
  number: string;
  /** What the card does, in Arabic (shown on the checkout page). */
  label: string;
}

/**
 * Cards the checkout page accepts, with any future expiry (MM/YY) and any 3-digit CVV. The
 * success card is Paymob's own documented MasterCard test card; every other number is declined.
 */
export const PAYMOB_TEST_CARDS = {
  success: { number: '5123456789012346', label: 'دفع ناجح' },
  declined: { number: '4000000000000002', label: 'رفض من البنك' },
  pending: { number: '4000000000000077', label: 'يبقى قيد المعالجة حتى تسويته' },
} as const satisfies Record<string, TestCard>;
export type TestCardName = keyof typeof PAYMOB_TEST_CARDS;

/** A transaction's result as the acquirer reports it. */
export interface Outcome {
  success: boolean;
  pending: boolean;
  message: string;
  txnResponseCode: string;
  acqResponseCode: string;
}

export const APPROVED: Outcome = {
  success: true,
  pending: false,
  message: 'Approved',
  txnResponseCode: 'APPROVED',
  acqResponseCode: '00',
};
export const DECLINED: Outcome = {
  success: false,
  pending: false,
  message: 'Do not honour',
  txnResponseCode: 'DECLINED',
  acqResponseCode: '05',
};
const PENDING: Outcome = {
  success: false,
  pending: true,
  message: 'Pending',
  txnResponseCode: 'PENDING',
  acqResponseCode: '',
};

export function outcomeOf(number: string): Outcome {
  if (number === PAYMOB_TEST_CARDS.success.number) return APPROVED;
  if (number === PAYMOB_TEST_CARDS.pending.number) return PENDING;
  return DECLINED;
}

export const cardBrand = (number: string): string =>
  number.startsWith('4') ? 'Visa' : /^(5[1-5]|2[2-7])/.test(number) ? 'MasterCard' : 'Card';

/** A test card's name, or any card number (spaces and dashes dropped). */
export function cardNumberOf(card: string): string {
  const named = (PAYMOB_TEST_CARDS as Record<string, TestCard>)[card];
  return named ? named.number : card.replace(/[\s-]/g, '');
}
