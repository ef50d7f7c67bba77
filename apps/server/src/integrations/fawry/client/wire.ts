/** Writing requests: amounts go on the wire as JSON numbers with exactly two decimals ("20.00"). */
import { formatAmount } from '../signatures';
import type { Json } from './read';

const AMOUNT_MARK = '\u0000fawry-amount:';
export class WireAmount {
  constructor(readonly piasters: number) {}
  toJSON(): string {
    return `${AMOUNT_MARK}${formatAmount(this.piasters)}`;
  }
}
export const wireJson = (body: Json): string =>
  JSON.stringify(body).replace(/"\\u0000fawry-amount:(\d+\.\d{2})"/g, '$1');

export function assertPiasters(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole, non-negative number of piasters`);
  }
}

/** `+201001234567` -> `01001234567` (Fawry's customerMobile form); anything else unchanged. */
export function toFawryMobile(mobile: string): string {
  const compact = mobile.trim().replace(/[\s\-().]/g, '');
  const egypt = /^(?:\+|00)?20(1\d{9})$/.exec(compact);
  return egypt ? `0${egypt[1]}` : compact;
}
