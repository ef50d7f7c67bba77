// Plans, subscriptions and transactions for the main app's DOM tests (never imported by app code).
import {
  DEMO_PLANS,
  PaymentMethod,
  PlanPeriod,
  SubscriptionState,
  TransactionStatus,
  fullPeriodPrices,
  planSummaryOf,
} from '@talaqa/domain';
import type { Page, Plan, SubscriptionView, TransactionView } from '@talaqa/domain';

/** The demo plans (beginning 60, advance 120, professional 230) as the API answers them. */
export function demoPlans(): Plan[] {
  return DEMO_PLANS.map((demo, index) => ({
    id: index + 1,
    weeklyMinutes: demo.weeklyMinutes,
    baseMonthPrice: demo.baseMonthPrice,
    monthDiscount: demo.monthDiscount,
    quarterDiscount: demo.quarterDiscount,
    yearDiscount: demo.yearDiscount,
    ...fullPeriodPrices(demo),
    active: true,
    createdAt: '2025-01-01T10:00:00.000Z',
    forInvitesOnly: false,
  }));
}

export const pageOf = <T>(list: T[], total = list.length): Page<T> => ({ list, total });

export function makeTransaction(overrides: Partial<TransactionView> = {}): TransactionView {
  const plan = demoPlans()[1]!;
  return {
    id: 501,
    userId: 7,
    amount: 297_000,
    status: TransactionStatus.Paid,
    method: PaymentMethod.Card,
    planId: plan.id,
    period: PlanPeriod.Quarter,
    referenceNumber: null,
    createdAt: '2025-03-02T08:30:00.000Z',
    updatedAt: '2025-03-02T08:31:00.000Z',
    userName: 'سارة أحمد',
    plan: planSummaryOf(plan),
    provider: 'fawry',
    providerReference: '9990001',
    orderReference: '3174090000000012345',
    refundedAmount: 0,
    couponCode: null,
    installments: null,
    expiresAt: null,
    openRefund: null,
    ...overrides,
  };
}

export function makeSubscription(overrides: Partial<SubscriptionView> = {}): SubscriptionView {
  const plan = demoPlans()[1]!;
  return {
    id: 31,
    userId: 7,
    planId: plan.id,
    period: PlanPeriod.Quarter,
    weeklyMinutes: plan.weeklyMinutes,
    consumedMinutes: 80,
    remainingMinutes: 40,
    startsAt: '2025-03-01T10:00:00.000Z',
    endsAt: '2025-06-01T10:00:00.000Z',
    plan,
    state: SubscriptionState.Active,
    canceledAt: null,
    weekStartedAt: '2025-03-01T10:00:00.000Z',
    nextRenewalAt: '2025-03-08T07:00:00.000Z',
    cancellable: true,
    transactionId: 501,
    ...overrides,
  };
}
