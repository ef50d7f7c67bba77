/**
 * TanStack Query hooks of the tutor's earnings page (issue 22): totals, withdrawal requests and
 * the ledger, refreshed live when the server says a request changed (`InvoiceUpdated`,
 * `InvoiceDeleted`).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ServerEvent } from '@talaqa/domain';
import type { InvoiceUpdate, WithdrawalRequestInput } from '@talaqa/domain';
import { invoicesApi } from '../../api';
import { useRealtimeEvent } from '../../lib/realtime';

export const earningKeys = {
  all: ['invoice'] as const,
  totals: (tutorId: number) => ['invoice', 'stats', tutorId] as const,
  requests: (page: number) => ['invoice', 'list', page] as const,
  ledger: (page: number) => ['invoice', 'ledger', page] as const,
  statement: (month: string) => ['invoice', 'statement', month] as const,
};

export const EARNINGS_PAGE_SIZE = 10;

export function useEarningTotals(tutorId: number) {
  return useQuery({
    queryKey: earningKeys.totals(tutorId),
    queryFn: ({ signal }) => invoicesApi.stats(tutorId, signal),
  });
}

export function useWithdrawalRequests(page: number) {
  return useQuery({
    queryKey: earningKeys.requests(page),
    queryFn: ({ signal }) => invoicesApi.list({ page, size: EARNINGS_PAGE_SIZE }, signal),
  });
}

export function useLedger(page: number) {
  return useQuery({
    queryKey: earningKeys.ledger(page),
    queryFn: ({ signal }) => invoicesApi.ledger({ page, size: EARNINGS_PAGE_SIZE }, signal),
  });
}

/** The monthly statement of `month` (`YYYY-MM`, Cairo). */
export function useStatement(month: string) {
  return useQuery({
    queryKey: earningKeys.statement(month),
    queryFn: ({ signal }) => invoicesApi.statement(month, signal),
  });
}

/** Every earnings query reads again when a request changes, here or on another tab. */
export function useLiveEarnings(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: earningKeys.all });
  useRealtimeEvent(ServerEvent.InvoiceUpdated, true, refresh);
  useRealtimeEvent(ServerEvent.InvoiceDeleted, true, refresh);
}

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WithdrawalRequestInput) => invoicesApi.create(body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: earningKeys.all }),
  });
}

export function useUpdateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: number; data: InvoiceUpdate }) => invoicesApi.update(id, data),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: earningKeys.all }),
  });
}
