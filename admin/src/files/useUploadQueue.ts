import { useCallback, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { isAbortError, type SendFilesOptions } from '../providers/http';
import { requestErrorText } from '../providers/errorMessage';

/**
 * Where one file of an upload is: waiting for its turn, sending its bytes, sent and being stored
 * by the server (no longer cancellable: the server has all of it), or finished one way or another.
 */
export type UploadState = 'waiting' | 'sending' | 'storing' | 'done' | 'failed' | 'cancelled';

export interface UploadItem {
  key: string;
  name: string;
  loaded: number;
  total: number;
  state: UploadState;
  /** Why it failed, in plain words (the server's sentence or a translated message). */
  error?: string;
}

export interface UploadOutcome<T> {
  stored: T[];
  failed: { file: File; error: unknown; text: string }[];
  cancelled: File[];
}

let lastKey = 0;

export const isCancellable = (item: UploadItem) => item.state === 'waiting' || item.state === 'sending';

/**
 * The files of one upload, each in its own request so that each can be followed and cancelled
 * alone: cancelling one aborts only its request (the server keeps nothing of it) and the others go
 * on. When the upload ends the finished and cancelled rows leave the list (the stored files show
 * where they belong); failed ones stay with their reason until dismissed or the next upload.
 */
export function useUploadQueue() {
  const translate = useTranslate();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [busy, setBusy] = useState(false);
  const controllers = useRef(new Map<string, AbortController>());

  const update = useCallback((key: string, patch: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }, []);

  const run = useCallback(
    async <T,>(files: File[], send: (file: File, options: SendFilesOptions) => Promise<T>, fallbackKey: string): Promise<UploadOutcome<T>> => {
      const batch = files.map((file) => ({ key: String(++lastKey), file }));
      for (const { key } of batch) controllers.current.set(key, new AbortController());
      setItems(batch.map(({ key, file }) => ({ key, name: file.name, loaded: 0, total: file.size, state: 'waiting' })));
      setBusy(true);
      const outcome: UploadOutcome<T> = { stored: [], failed: [], cancelled: [] };
      // One file after the other: they are stored, and shown, in the order they were picked, and
      // the server's image work for one user stays bounded.
      for (const { key, file } of batch) {
        const controller = controllers.current.get(key)!;
        try {
          if (controller.signal.aborted) throw new DOMException('Cancelled while waiting', 'AbortError');
          update(key, { state: 'sending' });
          const result = await send(file, {
            signal: controller.signal,
            onProgress: ({ loaded, total }) => {
              if (!controller.signal.aborted) update(key, { loaded, total, state: loaded >= total ? 'storing' : 'sending' });
            },
          });
          update(key, { state: 'done' });
          outcome.stored.push(result);
        } catch (error) {
          if (isAbortError(error)) {
            update(key, { state: 'cancelled' });
            outcome.cancelled.push(file);
          } else {
            console.error(`Failed to upload file: ${file.name}`, error);
            const text = requestErrorText(error, translate, fallbackKey);
            update(key, { state: 'failed', error: text });
            outcome.failed.push({ file, error, text });
          }
        } finally {
          controllers.current.delete(key);
        }
      }
      setItems((list) => list.filter((item) => item.state === 'failed'));
      setBusy(false);
      return outcome;
    },
    [translate, update],
  );

  /** Stops one file that has not been sent whole yet; a file being stored can no longer be. */
  const cancel = useCallback(
    (key: string) => {
      const item = items.find((candidate) => candidate.key === key);
      if (!item || !isCancellable(item)) return;
      controllers.current.get(key)?.abort();
      update(key, { state: 'cancelled' });
    },
    [items, update],
  );

  const dismiss = useCallback((key: string) => setItems((list) => list.filter((item) => item.key !== key)), []);

  return { items, busy, run, cancel, dismiss };
}
