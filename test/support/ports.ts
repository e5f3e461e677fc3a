import { createServer } from 'node:net';

/**
 * The port a test or benchmark server listens on: 0 (any free one, the default), or, when
 * TEST_PORT_RANGE is set (`4300-4399`, on a machine shared by several checkouts that were each
 * given a range), the first port of that range free on 127.0.0.1, never one already taken.
 */
let nextInRange: number | null = null;

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

export async function portToListenOn(): Promise<number> {
  const range = process.env.TEST_PORT_RANGE?.match(/^(\d+)-(\d+)$/);
  if (!range) return 0;
  const [first, last] = [Number(range[1]), Number(range[2])];
  for (let port = nextInRange ?? first; port <= last; port++) {
    if (await isFree(port)) {
      nextInRange = port + 1;
      return port;
    }
  }
  throw new Error(`No free port left in TEST_PORT_RANGE ${process.env.TEST_PORT_RANGE}`);
}
