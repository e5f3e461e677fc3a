/**
 * How an import shares the event loop: its work goes in bounded steps, and between them the loop
 * is given back (setImmediate) so other requests are answered (docs/decisions.md, "The event loop
 * between steps").
 */

/** Longest run of an import's work before the event loop is given back to other requests. */
export const STEP_MS = 10;

/** The event loop given back once: whatever waits (timers, sockets, other requests) runs first. */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A pause to call between small pieces of work: it gives the event loop back once `stepMs` have
 * passed since it last did, and answers at once (no turn of the loop) otherwise.
 */
export function pacer(stepMs = STEP_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since <= stepMs) return;
    await yieldToOthers();
    since = performance.now();
  };
}
