import { describe, expect, it } from 'vitest';
import { createPendingChanges } from './pendingChanges';

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
});
