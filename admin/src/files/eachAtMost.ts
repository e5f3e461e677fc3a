/**
 * Runs `work` on every item, at most `limit` at a time, in the order given; resolves when all
 * have settled. `work` handles its own failures: one item's failure never stops the others.
 */
export async function eachAtMost<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
