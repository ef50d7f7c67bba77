/**
 * Answers the screens rely on: a malformed one becomes an error state, never a broken page.
 */
import type { CardToken, Page, Plan, SubscriptionView, TransactionView } from '@talaqa/domain';

/** Thrown for an answer that does not have the contract's shape (shown as "unexpected"). */
export class UnexpectedAnswerError extends Error {
  override readonly name = 'UnexpectedAnswerError';
  constructor(what: string) {
    super(`Unexpected answer from the server: ${what}`);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isWhole = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value);

export function expectPlan(value: unknown): Plan {
  if (
    !isRecord(value) ||
    !isWhole(value.id) ||
    !isWhole(value.weeklyMinutes) ||
    !isWhole(value.baseMonthPrice) ||
    typeof value.monthDiscount !== 'number' ||
    typeof value.quarterDiscount !== 'number' ||
    typeof value.yearDiscount !== 'number'
  ) {
    throw new UnexpectedAnswerError('plan');
  }
  return value as unknown as Plan;
}

export function expectTransaction(value: unknown): TransactionView {
  if (
    !isRecord(value) ||
    !isWhole(value.id) ||
    !isWhole(value.amount) ||
    !isWhole(value.status) ||
    !isWhole(value.method)
  ) {
    throw new UnexpectedAnswerError('transaction');
  }
  return value as unknown as TransactionView;
}

export function expectPage<T>(value: unknown, item: (entry: unknown) => T): Page<T> {
  if (!isRecord(value) || !Array.isArray(value.list) || !isWhole(value.total)) {
    throw new UnexpectedAnswerError('page');
  }
  return { list: value.list.map(item), total: value.total };
}

/** GET /sub/user answers a subscription or null (an empty body reads as null too). */
export function expectSubscription(value: unknown): SubscriptionView | null {
  if (value === null || value === undefined) return null;
  if (
    !isRecord(value) ||
    !isWhole(value.id) ||
    !isWhole(value.weeklyMinutes) ||
    !isWhole(value.remainingMinutes) ||
    !isRecord(value.plan)
  ) {
    throw new UnexpectedAnswerError('subscription');
  }
  return value as unknown as SubscriptionView;
}

export function expectCards(value: unknown): CardToken[] {
  if (!Array.isArray(value)) throw new UnexpectedAnswerError('cards');
  return value.filter(
    (card): card is CardToken =>
      isRecord(card) && typeof card.token === 'string' && typeof card.last4 === 'string',
  );
}
