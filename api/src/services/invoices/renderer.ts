import { availableParallelism } from 'node:os';
import Piscina from 'piscina';
import type { InvoiceData } from './invoiceData';
import { sampleInvoice } from './sampleInvoice';

/**
 * A small pool of worker threads that lay out invoice PDFs, so ten invoices at once do not stall
 * other requests. Workers load TypeScript through tsx, like the server itself.
 */
export type InvoiceRenderer = {
  render(data: InvoiceData): Promise<Buffer>;
  close(): Promise<void>;
  /** Settles once a kept worker has laid out its sample invoices (at once without keepWarm). */
  warmedUp: Promise<void>;
};

/**
 * Compiled (npm run build), this code and the worker are JavaScript files side by side in dist/api;
 * from the sources, workers load TypeScript through tsx like the server itself.
 */
const COMPILED = import.meta.url.endsWith('.js');

/** Sample invoices a kept worker lays out when it starts: about what V8 needs to optimise the layout code. */
const WARM_UP_INVOICES = 12;

/**
 * Typst keeps a little memory of every invoice in the thread that laid it out (about 0.2 MB, freed
 * only when the thread ends; measured in docs/decisions.md, "Invoice layout"). So a pool of
 * workers lays out this many invoices and is then replaced by a fresh one: the old pool finishes
 * what it has and its threads end, which gives their memory back.
 */
export const RENDERS_PER_POOL = 250;

/**
 * keepWarm (the server): one worker is started at once, lays out a few sample invoices and stays,
 * however long no invoice is asked for. A fresh worker takes 1 to 1.5 s for its first invoice and
 * several more before it is fast (fonts, Typst's first compilation of the template); without a
 * kept worker, an invoice asked for a minute after the last one would always meet a fresh worker.
 * A replacement pool is warmed the same way before it takes over. Tests build many apps and leave
 * it off: their workers start on the first invoice and stop when idle.
 */
export function createInvoiceRenderer({ keepWarm = false, rendersPerPool = RENDERS_PER_POOL }: { keepWarm?: boolean; rendersPerPool?: number } = {},
): InvoiceRenderer & { /** Pools of workers started so far: one more every `rendersPerPool` invoices. */ readonly poolsStarted: number } {
  type Generation = { pool: Piscina; renders: number; running: number; worn: boolean; ready: Promise<void> };
  let current: Generation | undefined;
  let next: Generation | undefined;
  /** Every pool not yet closed, worn ones finishing their last invoices included: close() ends them all. */
  const live = new Set<Generation>();
  let closed = false;
  let started = 0;

  // A worn pool is closed once the last invoice it took is done (piscina drops queued tasks on close).
  const closeIfDone = (generation: Generation) => {
    if (generation.worn && generation.running === 0 && live.delete(generation)) void generation.pool.close().catch(() => {});
  };
  const runOn = async (generation: Generation, data: InvoiceData) => {
    generation.renders++;
    generation.running++;
    try {
      const bytes: Uint8Array = await generation.pool.run(data);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } finally {
      generation.running--;
      closeIfDone(generation);
    }
  };
  const start = (): Generation => {
    started++;
    const generation: Generation = {
      pool: new Piscina({
        filename: new URL(COMPILED ? './pdfWorker.js' : './pdfWorker.ts', import.meta.url).href,
        execArgv: COMPILED ? [] : ['--import', 'tsx'],
        minThreads: keepWarm ? 1 : 0,
        maxThreads: Math.max(1, Math.min(2, availableParallelism())),
        idleTimeout: 60_000,
      }),
      renders: 0,
      running: 0,
      worn: false,
      ready: Promise.resolve(),
    };
    live.add(generation);
    if (keepWarm) {
      generation.ready = (async () => {
        for (let n = 0; n < WARM_UP_INVOICES; n++) await runOn(generation, sampleInvoice(n));
      })().catch(() => {
        // Closed while warming up, or a worker failed: real invoices report their own errors.
      });
    }
    return generation;
  };
  /** The pool that takes the next invoice; a worn one hands over once its successor is warm. */
  const pick = (): Generation => {
    current ??= start();
    if (current.renders >= rendersPerPool && !next && !closed) {
      const successor = (next = start());
      void successor.ready.then(() => {
        if (closed || next !== successor) return;
        const worn = current!;
        current = successor;
        next = undefined;
        worn.worn = true;
        closeIfDone(worn);
      });
    }
    return current;
  };

  return {
    render: async (data) => {
      if (closed) throw new Error('The invoice renderer is closed');
      return runOn(pick(), data);
    },
    warmedUp: keepWarm ? pick().ready : Promise.resolve(),
    get poolsStarted() {
      return started;
    },
    async close() {
      closed = true;
      const pools = [...live].map((generation) => generation.pool.destroy());
      live.clear();
      await Promise.all(pools);
    },
  };
}
