/**
 * The admin's stored files (issue 23 item 5; docs/decisions/347-stored-files.md): the paged list
 * with its totals, the deletion of one unused file and of every unused file past an age, and the
 * bytes of a receipt or a media file for its preview (both routes want the admin's token).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@talaqa/domain';
import type { AssetFolder, DeleteUnusedBody, StoredFileListQuery } from '@talaqa/domain';
import { api } from '../../api';

export const storedFileKeys = {
  all: ['stored-files'] as const,
  list: (query: StoredFileListQuery) => [...storedFileKeys.all, 'list', query] as const,
  bytes: (folder: AssetFolder, name: string) => ['stored-file-bytes', folder, name] as const,
};

/** One page of stored files, newest first, with every folder's totals. */
export function useStoredFiles(query: StoredFileListQuery) {
  return useQuery({
    queryKey: storedFileKeys.list(query),
    queryFn: ({ signal }) => api.call(API.storedFiles.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** DELETE /stored-file/{folder}/{name}; every list is read again. */
export function useDeleteStoredFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ folder, name }: { folder: AssetFolder; name: string }) =>
      api.call(API.storedFiles.remove, { params: { folder, name } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: storedFileKeys.all }),
  });
}

/** POST /stored-file/unused/delete: answers how many files (and bytes) went. */
export function useDeleteUnusedFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteUnusedBody) => api.call(API.storedFiles.removeUnused, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: storedFileKeys.all }),
  });
}

/**
 * A receipt's or a media file's bytes through the routes that serve them (GET
 * /assets/receipts/{name}, GET /assets/media/{name}), with the admin's token: an `<img>` or
 * `<video>` would send none.
 */
export function useStoredFileBytes(folder: AssetFolder, name: string | null, enabled = true) {
  return useQuery({
    queryKey: storedFileKeys.bytes(folder, name ?? ''),
    queryFn: ({ signal }) =>
      folder === 'receipts'
        ? api.call(API.invoices.receipt, { params: { name: name ?? '' } }, { signal })
        : api.call(API.media.file, { params: { name: name ?? '' } }, { signal }),
    enabled: enabled && name !== null,
    staleTime: Infinity,
    retry: false,
  });
}
