import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformFeesResponse, RouteResponse, UpdateBusinessDetails, UpdatePlatformFee, WorkQueueThresholdsWithVersion } from '@ute/contract';
import { api } from '../../lib/apiClient';
import type { ListPage } from '../../lib/listQuery';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation, type MutationCallbacks } from '../../lib/useAdminMutation';

/** GET platform-fees: the fee in force per booking kind and every change; the two views below select from one call. */
const platformFeesOptions = () => queryOptions({ queryKey: queryKeys.platformFees, queryFn: ({ signal }) => api.call('platformFees', { signal }) });

/** The fee in force, one per booking kind. */
export const usePlatformFees = () => useQuery({ ...platformFeesOptions(), select: (response: PlatformFeesResponse) => response.data });

/** The changes, newest first, as a list (the api answers them whole). */
export const usePlatformFeeHistory = () =>
  useQuery({
    ...platformFeesOptions(),
    select: ({ history }: PlatformFeesResponse): ListPage<PlatformFeesResponse['history'][number]> => ({ rows: history, totalCount: history.length }),
  });

/** A change made on what the page loaded: its version travels as If-Match (docs/design.md §14). */
type VersionedChange<TBody> = TBody & { version?: string };

/** PUT platform-fees (owners, with a fresh second factor: apiClient asks for a code in place when it is not). */
export function useUpdatePlatformFee(options?: MutationCallbacks<VersionedChange<UpdatePlatformFee>, RouteResponse<'updatePlatformFee'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ version, ...body }: VersionedChange<UpdatePlatformFee>) => api.call('updatePlatformFee', { body, ifMatch: version }),
      invalidates: [queryKeys.platformFees],
      rowIdOf: ({ bookingKind }) => bookingKind,
    },
    options,
  );
}

/** GET business-details: who issues the tax invoices (null until an owner sets them). */
export const useBusinessDetails = () =>
  useQuery({ queryKey: queryKeys.businessDetails, queryFn: ({ signal }) => api.call('businessDetails', { signal }), select: (response) => response.data });

/** PUT update-business-details (owners, with a fresh second factor). */
export function useUpdateBusinessDetails(options?: MutationCallbacks<VersionedChange<UpdateBusinessDetails>, RouteResponse<'updateBusinessDetails'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ version, ...body }: VersionedChange<UpdateBusinessDetails>) => api.call('updateBusinessDetails', { body, ifMatch: version }),
      invalidates: [queryKeys.businessDetails],
    },
    options,
  );
}

const WORK_QUEUE_THRESHOLDS_KEY = ['workQueueThresholds'] as const;

/** GET work-queue-thresholds: how long each queue's items may wait before they are overdue (docs/design.md §15). */
export const useWorkQueueThresholds = () =>
  useQuery({ queryKey: WORK_QUEUE_THRESHOLDS_KEY, queryFn: ({ signal }) => api.call('workQueueThresholds', { signal }) });

/** PUT update-work-queue-thresholds (owners, with a fresh second factor); the badges refresh after it. */
export function useUpdateWorkQueueThresholds(options?: MutationCallbacks<WorkQueueThresholdsWithVersion, RouteResponse<'updateWorkQueueThresholds'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ version, ...body }: WorkQueueThresholdsWithVersion) => api.call('updateWorkQueueThresholds', { body, ifMatch: version }),
      invalidates: [WORK_QUEUE_THRESHOLDS_KEY],
    },
    options,
  );
}
