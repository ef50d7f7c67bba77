/** The real Paymob adapter: `createPaymobClient` implements `PaymobClient` over Paymob's APIs. */
import type { PaymobClient } from '../interface';
import { createContext } from './context';
import type { PaymobClientOptions } from './context';
import { createIntention } from './intention';
import { inquireTransaction, refund } from './refunds';
import { verifyCallback, verifyRedirection } from './verify';

export type { PaymobClientOptions, PaymobLogger } from './context';
export { intentionRequestBody } from './intention';
export { toPaymobTransaction } from './transaction';

export function createPaymobClient(options: PaymobClientOptions): PaymobClient {
  const ctx = createContext(options);
  return {
    baseUrl: ctx.baseUrl,
    createIntention: (input) => createIntention(ctx, input),
    verifyCallback: (body, hmac) => verifyCallback(ctx, body, hmac),
    verifyRedirection: (query) => verifyRedirection(ctx, query),
    refund: (input) => refund(ctx, input),
    inquireTransaction: (transactionId) => inquireTransaction(ctx, transactionId),
  };
}
