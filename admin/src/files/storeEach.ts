import { uploadRecordFile } from './api';
import type { FileOwner, StoredFile } from './format';
import type { useUploadQueue } from './useUploadQueue';

/**
 * A record's picked files through the upload queue, one request each, each handed to `added` as
 * soon as it is stored (the gallery and the documents table show it at once, not at the end).
 */
export const storeEach = (
  queue: ReturnType<typeof useUploadQueue>,
  owner: FileOwner,
  ownerId: number | string,
  files: File[],
  added: (stored: StoredFile[]) => void,
  failureMessage: string,
) =>
  queue.run(
    files,
    async (file, options) => {
      const saved = await uploadRecordFile(owner, ownerId, file, options);
      added(saved);
      return saved;
    },
    failureMessage,
  );
