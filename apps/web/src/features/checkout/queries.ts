/**
 * The checkout's queries and actions: saved cards, the coupon, and the payment requests with
 * their idempotency key.
 */
import { useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@talaqa/api-client';
import type { CardToken, PaidPlanPeriod, PaymentStarted } from '@talaqa/domain';
import { cardsApi, couponsApi, paymentsApi } from '../../api';
import { expectCards, expectTransaction } from '../../lib/answers';
import { paymentKeys } from '../payments/queries';
import { newIdempotencyKey } from './idempotency';

export const checkoutKeys = {
  cards: ['fawry', 'card-token', 'list'] as const,
};

/** GET /fawry/card-token/list */
export function useSavedCards() {
  return useQuery({
    queryKey: checkoutKeys.cards,
    queryFn: async ({ signal }) => expectCards(await cardsApi.list(signal)),
  });
}

/** DELETE /fawry/card-token; the card leaves the list at once. */
export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => cardsApi.remove(token),
    onSuccess: (_answer, token) => {
      queryClient.setQueryData<CardToken[]>(checkoutKeys.cards, (cards) =>
        cards?.filter((card) => card.token !== token),
      );
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.cards });
    },
  });
}

/** GET /fawry/card-token/url: the address of Fawry's page for saving a card. */
export function useAddCardUrl() {
  return useMutation({
    mutationFn: async (returnUrl: string) => (await cardsApi.addUrl(returnUrl)).url,
  });
}

/** GET /coupon/code/{code} */
export function useCouponLookup() {
  return useMutation({ mutationFn: (code: string) => couponsApi.byCode(code) });
}

// ---------------------------------------------------------------------------------------------
// Paying

/** What the student chose to pay with (the purchase itself is added by `usePurchase`). */
export type PaymentChoice =
  | { kind: 'card'; cardToken: string; cvv: string; returnUrl: string }
  | {
      kind: 'installments';
      cardToken: string;
      cvv: string;
      returnUrl: string;
      installments: number;
    }
  | { kind: 'wallet'; walletPhone: string }
  | { kind: 'reference' }
  | { kind: 'paymob' };

export interface Purchase {
  planId: number;
  period: PaidPlanPeriod;
  couponCode: string | undefined;
}

/** A payment request's answer: a started payment, or Paymob's page to open. */
export type PaymentOutcome =
  | { kind: 'started'; started: PaymentStarted }
  | { kind: 'paymob'; url: string; transactionId: number };

function send(purchase: Purchase, choice: PaymentChoice, idempotencyKey: string) {
  const base = { ...purchase, idempotencyKey };
  switch (choice.kind) {
    case 'card':
      return paymentsApi.payByCard({
        ...base,
        cardToken: choice.cardToken,
        cvv: choice.cvv,
        returnUrl: choice.returnUrl,
      });
    case 'installments':
      return paymentsApi.payByInstallments({
        ...base,
        cardToken: choice.cardToken,
        cvv: choice.cvv,
        returnUrl: choice.returnUrl,
        installments: choice.installments,
      });
    case 'wallet':
      return paymentsApi.payByWallet({ ...base, walletPhone: choice.walletPhone });
    case 'reference':
      return paymentsApi.payByReference(base);
    case 'paymob':
      return null;
  }
}

/**
 * The request answered something definite (the server refused it): a new attempt gets a new
 * key. A lost connection or a server fault leaves the outcome unknown, so the same key is sent
 * again and the server answers the first request's result instead of charging twice.
 */
const isDefiniteRefusal = (error: unknown): boolean =>
  isApiError(error) && error.status >= 400 && error.status < 500;

/**
 * Sends payment requests for one purchase. The idempotency key is made once per attempt: the
 * same key for the same purchase and method until an answer settles it (a result, or a refusal),
 * a new one after that or when the purchase or method changes. The button is disabled while a
 * request runs, and a second call meanwhile is ignored, so a double click charges once.
 */
export function usePurchase(purchase: Purchase) {
  const queryClient = useQueryClient();
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);
  const inFlight = useRef(false);

  const keyFor = (choice: PaymentChoice): string => {
    // The CVV is not part of the attempt: retyping it is the same attempt.
    const { kind, ...details } = choice;
    const fingerprint = JSON.stringify({
      ...purchase,
      kind,
      ...details,
      cvv: undefined,
    });
    if (attempt.current?.fingerprint !== fingerprint) {
      attempt.current = { key: newIdempotencyKey(), fingerprint };
    }
    return attempt.current.key;
  };
  const renewKey = () => {
    attempt.current = null;
  };

  const mutation = useMutation({
    mutationFn: async ({
      choice,
      key,
    }: {
      choice: PaymentChoice;
      key: string;
    }): Promise<PaymentOutcome> => {
      if (choice.kind === 'paymob') {
        const answer = await paymentsApi.paymobCheckout({ ...purchase, idempotencyKey: key });
        return { kind: 'paymob', url: answer.url, transactionId: answer.transactionId };
      }
      const started = await send(purchase, choice, key);
      if (!started) throw new Error('unreachable');
      expectTransaction(started.transaction);
      return { kind: 'started', started };
    },
    onSuccess: (outcome) => {
      renewKey();
      if (outcome.kind === 'started') {
        const { transaction } = outcome.started;
        queryClient.setQueryData(paymentKeys.transaction(transaction.id), transaction);
      }
    },
    onError: (error) => {
      if (isDefiniteRefusal(error)) renewKey();
    },
  });

  return {
    /** Sends the request unless one is running; the outcome goes to `onDone`. */
    pay: (choice: PaymentChoice, onDone: (outcome: PaymentOutcome) => void) => {
      if (inFlight.current) return;
      inFlight.current = true;
      mutation.mutate(
        { choice, key: keyFor(choice) },
        {
          onSuccess: onDone,
          onSettled: () => {
            inFlight.current = false;
          },
        },
      );
    },
    pending: mutation.isPending,
    /** Which method is being paid with, while a request runs. */
    pendingKind: mutation.isPending ? mutation.variables?.choice.kind : undefined,
    error: mutation.error,
    reset: mutation.reset,
    renewKey,
  };
}
