import { useQuery } from '@tanstack/react-query';
import type { BookingKind, CreateRefundBody, RouteResponse } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation, type MutationCallbacks } from '../../lib/useAdminMutation';

/** What the refund dialog opens on: a payment (Payment History) or a booking (the booking lists, which find its payment). */
export type RefundTarget = { paymentId: string } | { bookingKind: BookingKind; bookingId: string };

const targetKey = (target: RefundTarget) => ('paymentId' in target ? ['payment', target.paymentId] : ['booking', target.bookingKind, target.bookingId]);

/** GET refund-summary of the payment, or of the booking's payment: what is left to refund, the split, whether the owner was paid. */
export function useRefundSummary(target: RefundTarget | null) {
  return useQuery({
    queryKey: [...queryKeys.refunds.all, 'summary', ...(target ? targetKey(target) : [])],
    queryFn: ({ signal }) =>
      'paymentId' in target!
        ? api.call('paymentRefunds', { params: { id: target.paymentId }, signal })
        : api.call('bookingRefunds', { params: { kind: target!.bookingKind, bookingId: target!.bookingId }, signal }),
    enabled: target !== null,
    select: (response) => response.data,
    staleTime: 0,
    retry: false,
  });
}

/** The payment's version as the dialog loaded it (If-Match): a colleague's refund since answers 409. */
type CreateRefund = { paymentId: string; version?: string; body: CreateRefundBody };

/** POST payments/{id}/refunds (a step-up: the api asks for a code in place). A refund moves payments, bookings and the ledger. */
export function useCreateRefund(options?: MutationCallbacks<CreateRefund, RouteResponse<'createRefund'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ paymentId, version, body }: CreateRefund) => api.call('createRefund', { params: { id: paymentId }, body, ifMatch: version }),
      invalidates: [
        queryKeys.refunds.all,
        queryKeys.payments.all,
        queryKeys.bookings.all('ute'),
        queryKeys.bookings.all('job'),
        queryKeys.ledger.all,
        queryKeys.users.all,
      ],
    },
    options,
  );
}
