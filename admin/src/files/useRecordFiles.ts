import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FileOwner, StoredFile } from './format';

export const filesKey = (owner: FileOwner, ownerId: number | string) => ['recordFiles', owner, String(ownerId)] as const;

/**
 * The files of one vehicle or container, shared by the sections of its page (gallery, documents,
 * damage check) and kept current by their uploads and deletes, without reloading the page's
 * record: a reload would reset the edit form the gallery sits in. Starts from the detail's
 * `files`; the lists of the resource are refreshed after every change (thumbnails, counts).
 */
export function useRecordFiles(owner: FileOwner, ownerId: number | string, initial: StoredFile[] | undefined) {
  const queryClient = useQueryClient();
  const key = filesKey(owner, ownerId);
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => initial ?? [],
    initialData: () => initial ?? [],
    staleTime: Infinity,
    gcTime: 0,
  });
  const files = useMemo(() => data ?? [], [data]);

  const refreshLists = useCallback(
    () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === owner && query.queryKey[1] !== 'detail' }),
    [queryClient, owner],
  );

  const added = useCallback(
    (stored: StoredFile[]) => {
      queryClient.setQueryData<StoredFile[]>(key, (old = []) => [...old, ...stored.filter((file) => !old.some((o) => o.id === file.id))]);
      refreshLists();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key is a new array each render, made of owner and ownerId
    [queryClient, owner, ownerId, refreshLists],
  );

  const removed = useCallback(
    (fileId: number) => {
      queryClient.setQueryData<StoredFile[]>(key, (old = []) => old.filter((file) => file.id !== fileId));
      refreshLists();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key is a new array each render, made of owner and ownerId
    [queryClient, owner, ownerId, refreshLists],
  );

  /** A file changed in place (a document given another kind): the same row, its new fields. */
  const replaced = useCallback(
    (changed: StoredFile) => {
      queryClient.setQueryData<StoredFile[]>(key, (old = []) => old.map((file) => (file.id === changed.id ? { ...file, ...changed } : file)));
      refreshLists();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key is a new array each render, made of owner and ownerId
    [queryClient, owner, ownerId, refreshLists],
  );

  return {
    images: useMemo(() => files.filter((file) => file.fileType === 'IMAGE'), [files]),
    documents: useMemo(() => files.filter((file) => file.fileType === 'DOCUMENT'), [files]),
    added,
    removed,
    replaced,
  };
}
