/**
 * TanStack Query hooks for the student's subscription and transactions, shared by the plans,
 * checkout, payments and invoices screens.
 */
import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ServerEvent, TransactionStatus } from '@talaqa/domain';
import type { SubscriptionView, TransactionView } from '@talaqa/domain';
import { paymentsApi, subscriptionsApi, transactionsApi } from '../../api';
import { useRealtimeEvent } from '../../lib/realtime';

export const paymentKeys = {
  currentSubscription: ['sub', 'user'] as const,
  transactions: ['tx'] as const,
  allTransactions: ['tx', 'all'] as const,
  transaction: (id: number) => ['tx', 'one', id] as const,
  methods: ['fawry', 'payment-methods'] as const,
};

/**
 * GET /fawry/payment-methods: are bank installments offered? False while unknown (loading or an
 * error): the installments tab and the plan cards' installments line show only once the server
 * says yes (they are off until Fawry confirms them).
 */
export function useBankInstallmentsOffered(): boolean {
  const methods = useQuery({
    queryKey: paymentKeys.methods,
    queryFn: ({ signal }) => paymentsApi.methods(signal),
    staleTime: 5 * 60_000,
  });
  return methods.data?.bankInstallments === true;
}

/** GET /sub/user: the student's active subscription, or null. */
export function useCurrentSubscription(enabled = true) {
  return useQuery({
    queryKey: paymentKeys.currentSubscription,
    queryFn: async ({ signal }) => (await subscriptionsApi.current(signal)) ?? null,
    enabled,
  });
}

/** PATCH /sub/cancel: the student's own active subscription. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => subscriptionsApi.cancel(),
    onSuccess: () => {
      queryClient.setQueryData<SubscriptionView | null>(paymentKeys.currentSubscription, null);
      void queryClient.invalidateQueries({ queryKey: paymentKeys.currentSubscription });
    },
  });
}

/** The most pages read for the receipts (1,000 transactions is far beyond one student's). */
const ALL_PAGES_LIMIT = 10;
const ALL_PAGE_SIZE = 100;

/**
 * Every transaction of the student, newest first (GET /tx/list, 100 at a time): the payments
 * page pages them itself, so that a linked receipt opens on the page that holds it (record 310).
 */
export function useAllTransactions() {
  return useQuery({
    queryKey: paymentKeys.allTransactions,
    queryFn: async ({ signal }) => {
      const all: TransactionView[] = [];
      for (let page = 1; page <= ALL_PAGES_LIMIT; page += 1) {
        const answer = await transactionsApi.list(
          { page, size: ALL_PAGE_SIZE, order: 'desc' },
          signal,
        );
        all.push(...answer.list);
        if (answer.list.length < ALL_PAGE_SIZE || all.length >= answer.total) break;
      }
      return all;
    },
  });
}

/** After a payment settles: the subscription and the lists are stale. */
function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: paymentKeys.currentSubscription });
    void queryClient.invalidateQueries({
      queryKey: paymentKeys.transactions,
      predicate: (query) => query.queryKey[1] !== 'one',
    });
  };
}

/**
 * While a Fawry payment is seen New for this long, a poll asks the server to ask Fawry itself
 * (POST /fawry/payment-status/sync) instead of reading our row, then again after as long: a
 * notification that never arrives (a callback URL Fawry cannot reach, a lost delivery) still
 * turns the page to paid by itself.
 */
export const ASK_PROVIDER_AFTER_MS = 30_000;

/**
 * GET /tx/{id}, kept fresh while the payment is still New: the realtime TransactionStatusUpdate
 * refetches it at once, and it is polled every `pollMs(transaction)` milliseconds in case the
 * channel is down (also while the tab is in the background, since the student may be paying in
 * another app); now and then a Fawry payment is asked of Fawry directly.
 */
export function useWatchedTransaction(
  id: number | null,
  pollMs: (transaction: TransactionView) => number,
) {
  const queryClient = useQueryClient();
  const refreshAfterPayment = useRefreshAfterPayment();
  const askedAt = useRef<number | null>(null);
  const query = useQuery({
    queryKey: paymentKeys.transaction(id ?? 0),
    queryFn: async ({ signal }) => {
      const known = queryClient.getQueryData<TransactionView>(paymentKeys.transaction(id ?? 0));
      if (known?.status === TransactionStatus.New && known.provider === 'fawry') {
        const now = Date.now();
        askedAt.current ??= now;
        if (now - askedAt.current >= ASK_PROVIDER_AFTER_MS) {
          askedAt.current = now;
          // Fawry unreachable: our own row still answers below.
          const asked = await paymentsApi.syncStatus(known.id).catch(() => null);
          if (asked) return asked;
        }
      }
      return transactionsApi.get(id ?? 0, signal);
    },
    enabled: id !== null,
    refetchInterval: (current) => {
      const transaction = current.state.data;
      return transaction?.status === TransactionStatus.New ? pollMs(transaction) : false;
    },
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
  });
  const status = query.data?.status;
  const waiting = status === TransactionStatus.New;

  // The server sends the TransactionView itself (the realtime contract): only this one counts.
  useRealtimeEvent(ServerEvent.TransactionStatusUpdate, id !== null && waiting, (view) => {
    if (view.id === id) queryClient.setQueryData(paymentKeys.transaction(id), view);
  });

  // Once per status change (the refresh function itself is new on every render).
  useEffect(() => {
    if (status !== undefined && status !== TransactionStatus.New) refreshAfterPayment();
  }, [status]);

  return query;
}

/**
 * POST /fawry/payment-status/sync for a Fawry payment (asks the provider now); a Paymob payment
 * is read again (its status arrives by callback).
 */
export function useSyncTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transaction: TransactionView) =>
      transaction.provider === 'paymob'
        ? transactionsApi.get(transaction.id)
        : paymentsApi.syncStatus(transaction.id),
    onSuccess: (updated) => {
      queryClient.setQueryData(paymentKeys.transaction(updated.id), updated);
    },
  });
}

/** POST /fawry/cancel-unpaid-order, then the transaction is read again. */
export function useCancelUnpaidOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: number) => paymentsApi.cancelUnpaidOrder(transactionId),
    onSuccess: (_answer, transactionId) =>
      queryClient.invalidateQueries({ queryKey: paymentKeys.transaction(transactionId) }),
  });
}
