import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { API } from '@talaqa/domain';
import type {
  PaymentMethod,
  RefundBody,
  SettleRefundBody,
  TransactionPage,
  TransactionStatus,
  TransactionView,
} from '@talaqa/domain';
import { api } from '../../api';

/** The list's query as the admin screens send it (see `transactionListQuerySchema`). */
export interface TransactionListParams {
  page: number;
  size: number;
  status?: TransactionStatus;
  method?: PaymentMethod;
  userId?: number;
  order?: 'asc' | 'desc';
}

export const transactionKeys = {
  all: ['transactions'] as const,
  lists: () => [...transactionKeys.all, 'list'] as const,
  list: (params: TransactionListParams) => [...transactionKeys.lists(), params] as const,
};

/** One page of transactions, filtered (newest first unless told otherwise). */
export function useTransactions(params: TransactionListParams, enabled = true) {
  return useQuery({
    queryKey: transactionKeys.list(params),
    queryFn: ({ signal }) =>
      api.call(API.transactions.list, { query: { order: 'desc', ...params } }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The changed transaction replaces its row in every cached list; the lists are fetched again. */
function rememberTransaction(queryClient: QueryClient, transaction: TransactionView): void {
  queryClient.setQueriesData<TransactionPage>({ queryKey: transactionKeys.lists() }, (page) =>
    page
      ? {
          ...page,
          list: page.list.map((item) => (item.id === transaction.id ? transaction : item)),
        }
      : page,
  );
  void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
}

/** The transaction as it is now. */
export const fetchTransaction = (id: number): Promise<TransactionView> =>
  api.call(API.transactions.get, { params: { id } });

/**
 * A refund: the whole remaining amount, or `amount` piasters of it. The body carries
 * the `refundedAmount` the screen showed, so a refund made meanwhile is refused, not repeated.
 */
export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundBody) => api.call(API.fawry.refund, { body }),
    onSuccess: (transaction) => rememberTransaction(queryClient, transaction),
  });
}

/** Asks the provider for the status now. */
export function useSyncTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: number) =>
      api.call(API.fawry.syncPaymentStatus, { body: { transactionId } }),
    onSuccess: (transaction) => rememberTransaction(queryClient, transaction),
  });
}

/**
 * The admin's word on a refund in doubt (refunded or not), after
 * checking the provider's dashboard.
 */
export function useSettleRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ transactionId, ...body }: SettleRefundBody & { transactionId: number }) =>
      api.call(API.transactions.settleRefund, { params: { id: transactionId }, body }),
    onSuccess: (transaction) => rememberTransaction(queryClient, transaction),
  });
}
