/** What the simulated merchant account has: test cards, installment plans, the control paths. */
import type { FawryWireInstallmentPlan } from '../protocol';

/** Card numbers with a fixed behaviour; any other valid (Luhn) number is paid. */
export const FAWRY_TEST_CARDS = {
  /** Paid at once (frictionless). */
  success: '4242424242424242',
  /** Also paid at once; a Mastercard for brand display. */
  mastercard: '5123450000000008',
  /** Declined by the issuer: statusCode 99907. */
  declined: '4000000000000002',
  /** Insufficient funds: statusCode 99951. */
  insufficientFunds: '4000000000009995',
  /** Needs the 3-D Secure challenge: the charge answers nextAction.redirectUrl. */
  threeDSecure: '4000000000003220',
} as const;

/** The bank installment plans the simulated merchant account has. */
export const FAWRY_TEST_INSTALLMENT_PLANS: readonly FawryWireInstallmentPlan[] = [2, 3, 4].map(
  (months) => ({
    id: 1000 + months,
    installmentPlan: {
      id: 1000 + months,
      nameAr: `${months} أشهر بدون فوائد`,
      nameEn: `${months} months, no interest`,
      rate: 0,
      noOfMonths: months,
      minAmount: 100,
      maxAmount: 100_000,
      online: true,
      accountType: {
        nameEn: 'NBE credit card',
        nameAr: 'بطاقة ائتمان البنك الأهلي',
        code: 'NBE_CC',
        bank: { nameEn: 'National Bank of Egypt', nameAr: 'البنك الأهلي المصري', code: 'NBE' },
      },
    },
  }),
);

export const SIMULATOR_PATHS = {
  dashboard: '/simulator',
  orders: '/simulator/orders',
  payReference: '/simulator/pay-reference',
  payWallet: '/simulator/pay-wallet',
  expire: '/simulator/expire',
  notify: '/simulator/notify',
  threeDSecure: '/simulator/3ds',
} as const;

/** The brand Fawry shows for a card number. */
export function brandOf(cardNumber: string): string {
  if (cardNumber.startsWith('4')) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(cardNumber)) return 'MasterCard';
  if (/^50/.test(cardNumber)) return 'Meeza';
  return 'Card';
}
