import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createPendingChanges } from './pendingChanges';
import { queryClient } from './queryClient';

/** The queue of changes waiting for Undo: all settled at once, the newest alone undone, the page's leaving announced. */
describe('pending changes', () => {
  const recorder = () => {
    const calls: string[] = [];
    const change = (name: string) => ({ isUndo }: { isUndo: boolean }) => calls.push(`${isUndo ? 'undo' : 'send'} ${name}`);
    return { calls, change };
  };

  it('sends every waiting change at once, oldest first, and nothing twice', () => {
    const pending = createPendingChanges();
    const { calls, change } = recorder();
    pending.add(change('a'));
    pending.add(change('b'));
    expect(pending.count()).toBe(2);
    pending.sendAll();
    pending.sendAll();
    expect(calls).toEqual(['send a', 'send b']);
    expect(pending.count()).toBe(0);
  });

  it('undoes the newest change only and sends the others', () => {
    const pending = createPendingChanges();
    const { calls, change } = recorder();
    pending.add(change('a'));
    pending.add(change('b'));
    pending.add(change('c'));
    pending.undoNewest();
    expect(calls).toEqual(['send a', 'send b', 'undo c']);
  });

  it('tells its listeners when leaving the page sent changes, and only then', () => {
    const pending = createPendingChanges();
    const { calls, change } = recorder();
    let flushed = 0;
    const stop = pending.onFlushed(() => flushed++);
    pending.flush();
    expect(flushed).toBe(0);
    pending.add(change('a'));
    pending.flush();
    expect(calls).toEqual(['send a']);
    expect(flushed).toBe(1);
    stop();
    pending.add(change('b'));
    pending.flush();
    expect(flushed).toBe(1);
  });

  it('knows what each waiting change does until it is sent or undone, and tells its subscribers', () => {
    const pending = createPendingChanges();
    const { change } = recorder();
    let told = 0;
    const stop = pending.subscribe(() => told++);
    const empty = pending.waiting();
    expect(empty).toEqual([]);
    pending.add(change('a'));
    pending.describe([{ kind: 'status', vin: 'VIN-A', statusLabel: 'vehicleStatus.SHIPPED' }]);
    pending.add(change('b'));
    pending.add(change('c'));
    // A description goes to the newest change not yet described: c.
    pending.describe([{ kind: 'delete', resource: 'vehicles', name: 'VIN-C' }]);
    expect(pending.waiting()).toEqual([
      { kind: 'status', vin: 'VIN-A', statusLabel: 'vehicleStatus.SHIPPED' },
      { kind: 'delete', resource: 'vehicles', name: 'VIN-C' },
    ]);
    // The same array while nothing changes (React reads it on every render).
    expect(pending.waiting()).toBe(pending.waiting());
    expect(told).toBe(5);
    pending.undoNewest();
    expect(pending.waiting()).toEqual([]);
    expect(told).toBe(6);
    stop();
    pending.add(change('d'));
    expect(told).toBe(6);
  });

  /** A waiting change that goes out as a mutation of the console's client, answered by `answer`. */
  const mutationChange = (answer: () => Promise<unknown>) => () => {
    void new MutationObserver(queryClient, { mutationFn: answer }).mutate().catch(() => undefined);
  };

  it('settles once every change is answered, and says when one failed', async () => {
    const pending = createPendingChanges();
    pending.add(mutationChange(() => Promise.resolve('saved')));
    expect(await pending.sendAllAndSettle()).toBe(false);
    pending.add(mutationChange(() => Promise.reject(new Error('refused'))));
    expect(await pending.sendAllAndSettle()).toBe('failed');
  });

  it('says offline rather than waiting for ever when a change is held back for want of a network', async () => {
    const pending = createPendingChanges();
    onlineManager.setOnline(false);
    try {
      pending.add(mutationChange(() => Promise.resolve('saved')));
      expect(await pending.sendAllAndSettle()).toBe('offline');
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
