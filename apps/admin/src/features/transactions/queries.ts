import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type {
  PaymentMethod,
  RefundBody,
  SettleRefundBody,
  TransactionPage,
  TransactionStatus,
  TransactionView,
} from '@talaqa/domain';
import { api } from '../../api';

/** The query of GET /tx/list as the admin screens send it (see `transactionListQuerySchema`). */
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

/** GET /tx/list?page&size&status&method&userId&order (newest first unless told otherwise) */
export function useTransactions(params: TransactionListParams, enabled = true) {
  return useQuery({
    queryKey: transactionKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<TransactionPage>('/tx/list', {
        query: { order: 'desc', ...params },
        private: true,
        signal,
      }),
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

/** GET /tx/{id}: the transaction as it is now. */
export const fetchTransaction = (id: number): Promise<TransactionView> =>
  api.get<TransactionView>(`/tx/${id}`, { private: true });

/**
 * POST /fawry/refund: the whole remaining amount, or `amount` piasters of it. The body carries
 * the `refundedAmount` the screen showed, so a refund made meanwhile is refused, not repeated.
 */
export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundBody) =>
      api.post<TransactionView>('/fawry/refund', body, { private: true }),
    onSuccess: (transaction) => rememberTransaction(queryClient, transaction),
  });
}

/** POST /fawry/payment-status/sync: asks the provider for the status now. */
export function useSyncTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: number) =>
      api.post<TransactionView>('/fawry/payment-status/sync', { transactionId }, { private: true }),
    onSuccess: (transaction) => rememberTransaction(queryClient, transaction),
  });
}

/**
 * POST /tx/{id}/refund/settle: the admin's word on a refund in doubt (refunded or not), after
 * checking the provider's dashboard.
 */
export function useSettleRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ transactionId, ...body }: SettleRefundBody & { transactionId: number }) =>
      api.post<TransactionView>(`/tx/${transactionId}/refund/settle`, body, { private: true }),
    onSuccess: (transaction) => rememberTransaction(queryClient, transaction),
  });
}
