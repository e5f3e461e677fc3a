import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { AddUndoableMutationContext, TakeUndoableMutationContext, type UndoableMutation } from 'react-admin';
import { queryClient } from './queryClient';
import { setLeavingPage } from './http';

/**
 * What a waiting change does, in terms a user recognises: a vehicle's new status (the message key
 * of its label), or a record to delete (its VIN or container number). The unsaved-changes guard
 * names them.
 */
export type PendingChange = { kind: 'status'; vin: string; statusLabel: string } | { kind: 'delete'; resource: string; name: string };

/**
 * The undoable changes (react-admin's undoable mutations: a status change, a delete) that wait for
 * their toast, kept here rather than in react-admin's own queue, which hands them out one per
 * render: a page that is being closed or a user who signs out has no next render to wait for.
 * Every change the console acknowledged is sent, never dropped: when its toast goes, when a toast
 * without Undo replaces it, when the user signs out (sent and answered first), and when the page is
 * hidden, reloaded or closed (sent with fetch `keepalive`, which outlives the page).
 */
export interface PendingChanges {
  /** How many changes wait. */
  count(): number;
  /**
   * Says what the newest waiting change does (one entry per record it touches): called from the
   * change's onSuccess, which react-admin runs once the change is in this queue.
   */
  describe(changes: PendingChange[]): void;
  /** What the waiting changes do, oldest first; the same array until the queue changes. */
  waiting(): readonly PendingChange[];
  /** Called whenever a change joins the queue, is described, or leaves it. */
  subscribe(listener: () => void): () => void;
  /** Sends every waiting change. */
  sendAll(): void;
  /** Drops the newest waiting change (the one the toast on screen is about) and sends the others. */
  undoNewest(): void;
  /** Sends every waiting change because the page is left: the toast that offered Undo goes too. */
  flush(): void;
  /**
   * Sends every waiting change and resolves once all are answered: 'failed' when one failed (its
   * error toast is on screen), 'offline' when one is held back for want of a network, else false.
   */
  sendAllAndSettle(): Promise<'failed' | 'offline' | false>;
  /** Called after waiting changes were sent because the page was left or the user signed out. */
  onFlushed(listener: () => void): () => void;
}

export function createPendingChanges(): PendingChanges & { add(mutation: UndoableMutation): void; take(): UndoableMutation | undefined } {
  type Entry = { mutation: UndoableMutation; changes?: PendingChange[] };
  let queue: Entry[] = [];
  let described: readonly PendingChange[] = [];
  const flushListeners = new Set<() => void>();
  const changeListeners = new Set<() => void>();

  const changed = (next: Entry[]) => {
    queue = next;
    described = queue.flatMap((entry) => entry.changes ?? []);
    changeListeners.forEach((listener) => listener());
  };

  const settle = (undoNewest: boolean) => {
    const taken = queue;
    changed([]);
    taken.forEach(({ mutation }, index) => mutation({ isUndo: undoNewest && index === taken.length - 1 }));
  };

  const flushed = () => flushListeners.forEach((listener) => listener());

  return {
    add: (mutation) => changed([...queue, { mutation }]),
    take: () => {
      const [first, ...rest] = queue;
      changed(rest);
      return first?.mutation;
    },
    count: () => queue.length,
    describe(changes) {
      const index = queue.findLastIndex((entry) => !entry.changes);
      if (index < 0) return;
      changed(queue.map((entry, at) => (at === index ? { ...entry, changes } : entry)));
    },
    waiting: () => described,
    subscribe(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    sendAll: () => settle(false),
    undoNewest: () => settle(true),
    flush() {
      if (!queue.length) return;
      settle(false);
      flushed();
    },
    async sendAllAndSettle() {
      if (!queue.length) return false;
      const cache = queryClient.getMutationCache();
      const before = new Set(cache.getAll());
      settle(false);
      flushed();
      // Each change went out as a react-query mutation of its own (built at once by mutate()).
      const sent = cache.getAll().filter((mutation) => !before.has(mutation));
      await new Promise<void>((resolve) => {
        const check = () => {
          // Offline, react-query holds a mutation back (isPaused) until the network returns: that
          // is an answer for now (not sent), or signing out would wait for ever.
          if (sent.some((mutation) => (mutation.state.status === 'pending' && !mutation.state.isPaused) || mutation.state.status === 'idle')) return;
          unsubscribe();
          resolve();
        };
        const unsubscribe = cache.subscribe(check);
        check();
      });
      if (sent.some((mutation) => mutation.state.isPaused)) return 'offline';
      return sent.some((mutation) => mutation.state.status === 'error') ? 'failed' : false;
    },
    onFlushed(listener) {
      flushListeners.add(listener);
      return () => flushListeners.delete(listener);
    },
  };
}

const PendingChangesContext = createContext<PendingChanges | null>(null);

export const usePendingChanges = (): PendingChanges => {
  const pending = useContext(PendingChangesContext);
  if (!pending) throw new Error('usePendingChanges needs a PendingChangesProvider');
  return pending;
};

/** What the waiting changes do (see PendingChange), kept current as changes join and leave. */
export const useWaitingChanges = (): readonly PendingChange[] => {
  const pending = usePendingChanges();
  return useSyncExternalStore(pending.subscribe, pending.waiting);
};

/**
 * Replaces react-admin's undoable queue for everything inside it (its useUpdate, useDelete, ...
 * add their mutations through AddUndoableMutationContext), and sends the waiting changes when the
 * page is left: hidden (another tab, a phone's home screen), reloaded, closed or navigated away from.
 */
export const PendingChangesProvider = ({ children }: { children: ReactNode }) => {
  const pending = useMemo(createPendingChanges, []);

  useEffect(() => {
    let stillHere: number | undefined;
    const back = () => {
      if (document.visibilityState === 'visible') setLeavingPage(false);
    };
    const leave = () => {
      if (!pending.count()) return;
      // The requests must outlive the page: fetch keepalive, for every call until the page is back.
      setLeavingPage(true);
      pending.flush();
      // A page that is still here and visible a moment later was not left after all (the user
      // answered Stay to the browser's "Leave site?"): its calls go as usual again.
      window.clearTimeout(stillHere);
      stillHere = window.setTimeout(back, 2000);
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? leave() : back());
    window.addEventListener('beforeunload', leave);
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', back);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearTimeout(stillHere);
      window.removeEventListener('beforeunload', leave);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', back);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [pending]);

  return (
    <PendingChangesContext.Provider value={pending}>
      <AddUndoableMutationContext.Provider value={pending.add}>
        <TakeUndoableMutationContext.Provider value={pending.take}>{children}</TakeUndoableMutationContext.Provider>
      </AddUndoableMutationContext.Provider>
    </PendingChangesContext.Provider>
  );
};
