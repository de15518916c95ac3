import { useQuery } from '@tanstack/react-query';
import type { NoteRecordType, RouteResponse } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation, type MutationCallbacks } from '../../lib/useAdminMutation';

/** The record a RecordNotes panel shows the notes of. */
export interface NoteRecord {
  recordType: NoteRecordType;
  recordId: string;
}

/** GET notes/:recordType/:recordId: newest first. */
export function useRecordNotes({ recordType, recordId }: NoteRecord) {
  return useQuery({
    queryKey: queryKeys.notes.record(recordType, recordId),
    queryFn: ({ signal }) => api.call('recordNotes', { params: { recordType, recordId }, signal }),
    select: (response) => response.data,
  });
}

/** GET notes/mentionable-admins: the active admins, for the @ autocomplete (cached: the team changes seldom). */
export function useMentionableAdmins(isEnabled: boolean) {
  return useQuery({
    queryKey: queryKeys.notes.mentionable,
    queryFn: ({ signal }) => api.call('mentionableAdmins', { signal }),
    select: (response) => response.data,
    enabled: isEnabled,
    staleTime: 5 * 60_000,
  });
}

type NoteResult = RouteResponse<'createNote'>;

export function useCreateNote(record: NoteRecord, options?: MutationCallbacks<string, NoteResult>) {
  return useAdminMutation(
    {
      mutationFn: (body: string) => api.call('createNote', { params: record, body: { body } }),
      invalidates: [queryKeys.notes.record(record.recordType, record.recordId)],
    },
    options,
  );
}

export function useUpdateNote(record: NoteRecord, options?: MutationCallbacks<{ id: string; body: string }, NoteResult>) {
  return useAdminMutation(
    {
      mutationFn: ({ id, body }: { id: string; body: string }) => api.call('updateNote', { params: { id }, body: { body } }),
      invalidates: [queryKeys.notes.record(record.recordType, record.recordId)],
      rowIdOf: ({ id }) => id,
    },
    options,
  );
}

export function useRetractNote(record: NoteRecord, options?: MutationCallbacks<{ id: string; body: string }, NoteResult>) {
  return useAdminMutation(
    {
      mutationFn: ({ id, body }: { id: string; body: string }) => api.call('retractNote', { params: { id }, body: { body } }),
      invalidates: [queryKeys.notes.record(record.recordType, record.recordId)],
      rowIdOf: ({ id }) => id,
    },
    options,
  );
}
