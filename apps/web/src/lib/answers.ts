/**
 * Answers of endpoints without a contract yet (tutors, lessons, schedules): a malformed one
 * becomes an error state, never a broken page. Endpoints with a contract are read through it.
 */
import type { Page } from '@talaqa/domain';

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

export function expectPage<T>(value: unknown, item: (entry: unknown) => T): Page<T> {
  if (!isRecord(value) || !Array.isArray(value.list) || !isWhole(value.total)) {
    throw new UnexpectedAnswerError('page');
  }
  return { list: value.list.map(item), total: value.total };
}

/**
 * The transaction id a TransactionStatusUpdate names, whatever its exact shape: the transaction
 * itself (`id`), `{transactionId}` or `{transaction: {id}}`; null when it names none.
 */
export function transactionIdOfUpdate(payload: unknown): number | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const record = payload as Record<string, unknown>;
  const nested = record.transaction;
  const candidates = [
    record.transactionId,
    record.id,
    typeof nested === 'object' && nested !== null
      ? (nested as Record<string, unknown>).id
      : undefined,
  ];
  const id = candidates.find((value) => typeof value === 'number' && Number.isSafeInteger(value));
  return typeof id === 'number' ? id : null;
}
