/**
 * How long work shares the event loop (an import, an export): it goes in bounded steps, and between
 * them the loop is given back (setImmediate) so other requests are answered (docs/decisions.md, "The
 * event loop between steps").
 */

/** Longest run of an import's work before the event loop is given back to other requests. */
export const STEP_MS = 10;

/** The event loop given back once: whatever waits (timers, sockets, other requests) runs first. */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * When paced work first ran in the event loop's current turn (null: not yet in this turn). One
 * clock for every pacer: an import's phases (mapping the rows, finding repeated keys, the rows'
 * steps) each make their own pacer, and one that starts in the middle of a turn must count the
 * time the turn has already been held, or the phases' steps add up in one turn.
 */
let turnHeldSince: number | null = null;
const turnEnded = () => {
  turnHeldSince = null;
};

/** How long the current turn has run paced work. */
function heldInThisTurn(): number {
  const now = performance.now();
  if (turnHeldSince === null) {
    turnHeldSince = now;
    // Runs once this turn's callbacks are done (or after the next yieldToOthers of this turn,
    // which is queued behind it): the next turn counts anew.
    setImmediate(turnEnded);
  }
  return now - turnHeldSince;
}

/**
 * A pause to call between small pieces of work: it gives the event loop back once the current
 * turn has been held `stepMs` by paced work, and answers at once (no turn of the loop) otherwise.
 */
export function pacer(stepMs = STEP_MS): () => Promise<void> {
  return async () => {
    if (heldInThisTurn() <= stepMs) return;
    await yieldToOthers();
  };
}
