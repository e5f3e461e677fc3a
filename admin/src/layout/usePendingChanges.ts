import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTakeUndoableMutation } from 'react-admin';

/**
 * The undoable changes waiting for the toast on screen (react-admin's undoable mutations are not
 * sent until the notification lets them go). When a new undoable toast replaces the current one,
 * the earlier changes keep waiting with it and go together when it goes: sent one by one while
 * a newer change waited, each answer's refetch would show the newer row as it was before.
 * Undo drops the newest change only (the one the toast on screen is about); the others are sent.
 *
 * react-admin hands mutations out first in, first out through takeMutation, which reads its queue
 * as of the last render: one is taken per render.
 */
export function usePendingChanges() {
  const takeMutation = useTakeUndoableMutation();
  const waiting = useRef(0);
  // What to do with each taken mutation, oldest first: true undoes it, false sends it.
  const [toSettle, setToSettle] = useState<boolean[]>([]);

  useEffect(() => {
    if (!toSettle.length) return;
    takeMutation()?.({ isUndo: toSettle[0] });
    setToSettle((rest) => rest.slice(1));
  }, [toSettle, takeMutation]);

  /** One more change waits for the toast. */
  const add = useCallback(() => {
    waiting.current += 1;
  }, []);

  const settle = useCallback((undoNewest: boolean) => {
    const count = waiting.current;
    if (!count) return;
    waiting.current = 0;
    setToSettle((queued) => [...queued, ...Array.from({ length: count }, (_, index) => undoNewest && index === count - 1)]);
  }, []);

  /** Sends every waiting change (the toast went, or a toast without Undo replaced it). */
  const sendAll = useCallback(() => settle(false), [settle]);
  /** Undoes the newest waiting change and sends the others. */
  const undoNewest = useCallback(() => settle(true), [settle]);

  return useMemo(() => ({ add, sendAll, undoNewest }), [add, sendAll, undoNewest]);
}
