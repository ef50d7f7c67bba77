/**
 * TanStack Query hooks of the admin's /invoices page (issue 22 items 3 and 6): the withdrawal
 * requests of every tutor, the admin's processing call and the receipts; the lists follow
 * `InvoiceUpdated` on the `AdminInvoices` channel.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { API, INVOICE_RECEIPT_FIELD, INVOICE_UPDATE_DATA_FIELD, ServerEvent } from '@talaqa/domain';
import type {
  InvoicePage,
  InvoiceStatus,
  InvoiceUpdate,
  InvoiceView,
  WithdrawMethod,
} from '@talaqa/domain';
import { api } from '../../api';
import { useRealtimeEvent } from '../../lib/realtime';

/** The list's query as the page sends it (see `invoiceListQuerySchema`). */
export interface InvoiceListParams {
  page: number;
  size: number;
  status?: InvoiceStatus;
  method?: WithdrawMethod;
  tutorId?: number;
  /** ISO instants: `from` inclusive, `to` exclusive, on the request's creation. */
  from?: string;
  to?: string;
}

export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  list: (params: InvoiceListParams) => [...invoiceKeys.lists(), params] as const,
};

/** One page of withdrawal requests, filtered, newest first. */
export function useInvoices(params: InvoiceListParams) {
  return useQuery({
    queryKey: invoiceKeys.list(params),
    queryFn: ({ signal }) => api.call(API.invoices.list, { query: { ...params } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The changed request replaces its row in every cached list; the lists are fetched again. */
function rememberInvoice(queryClient: QueryClient, invoice: InvoiceView): void {
  queryClient.setQueriesData<InvoicePage>({ queryKey: invoiceKeys.lists() }, (page) =>
    page
      ? { ...page, list: page.list.map((item) => (item.id === invoice.id ? invoice : item)) }
      : page,
  );
  void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() });
}

/** An admin's action on a request, with the receipt image when fulfilling. */
export interface InvoiceActionInput {
  id: number;
  data: InvoiceUpdate;
  receipt?: File;
}

/** PUT /invoice/{id}/with/asset: `data` as JSON beside the optional `receipt` image. */
export function useInvoiceAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data, receipt }: InvoiceActionInput) => {
      const form = new FormData();
      form.set(INVOICE_UPDATE_DATA_FIELD, JSON.stringify(data));
      if (receipt) form.set(INVOICE_RECEIPT_FIELD, receipt);
      return api.uploadTo(API.invoices.update, form, { params: { id } });
    },
    onSuccess: (invoice) => rememberInvoice(queryClient, invoice),
  });
}

/** A deleted request leaves every cached list at once; the lists are fetched again. */
function forgetInvoice(queryClient: QueryClient, id: number): void {
  queryClient.setQueriesData<InvoicePage>({ queryKey: invoiceKeys.lists() }, (page) =>
    page && page.list.some((item) => item.id === id)
      ? { list: page.list.filter((item) => item.id !== id), total: Math.max(0, page.total - 1) }
      : page,
  );
  void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() });
}

/** DELETE /invoice/{id}: a canceled or rejected request leaves the lists (decision 337). */
export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(API.invoices.remove, { params: { id } }),
    onSuccess: (_answer, id) => forgetInvoice(queryClient, id),
  });
}

/** A transfer receipt's bytes (GET /assets/receipts/{name}, tutors and admins only). */
export const fetchReceipt = (name: string): Promise<Blob> =>
  api.call(API.invoices.receipt, { params: { name } });

/**
 * Keeps the lists live: a request another admin handled, or a tutor made or changed, replaces its
 * row at once and the lists are read again (a new one appears where the filters put it); a
 * deleted one leaves them. `onUpdate` and `onDelete` hear each one (the page's announcement and
 * its open dialog).
 */
export function useLiveInvoices(
  onUpdate: (invoice: InvoiceView) => void,
  onDelete: (deleted: { id: number; userId: number }) => void,
): void {
  const queryClient = useQueryClient();
  useRealtimeEvent(ServerEvent.InvoiceUpdated, true, (invoice) => {
    rememberInvoice(queryClient, invoice);
    onUpdate(invoice);
  });
  useRealtimeEvent(ServerEvent.InvoiceDeleted, true, (deleted) => {
    forgetInvoice(queryClient, deleted.id);
    onDelete(deleted);
  });
}
