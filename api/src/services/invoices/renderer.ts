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
 * keepWarm (the server): one worker is started at once, lays out a few sample invoices and stays,
 * however long no invoice is asked for. A fresh worker takes 1 to 1.5 s for its first invoice and
 * several more before it is fast (fonts, then V8 optimising pdfmake); without a kept worker, an
 * invoice asked for a minute after the last one would always meet a fresh worker. Tests build many
 * apps and leave it off: their workers start on the first invoice and stop when idle.
 */
export function createInvoiceRenderer({ keepWarm = false }: { keepWarm?: boolean } = {}): InvoiceRenderer {
  let pool: Piscina | undefined;
  const getPool = () =>
    (pool ??= new Piscina({
      filename: new URL(COMPILED ? './pdfWorker.js' : './pdfWorker.ts', import.meta.url).href,
      execArgv: COMPILED ? [] : ['--import', 'tsx'],
      minThreads: keepWarm ? 1 : 0,
      maxThreads: Math.max(1, Math.min(2, availableParallelism())),
      idleTimeout: 60_000,
    }));
  const render = async (data: InvoiceData) => {
    const bytes: Uint8Array = await getPool().run(data);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
  const warmedUp = keepWarm
    ? (async () => {
        for (let n = 0; n < WARM_UP_INVOICES; n++) await render(sampleInvoice(n));
      })().catch(() => {
        // Closed while warming up, or a worker failed: real invoices report their own errors.
      })
    : Promise.resolve();
  return {
    render,
    warmedUp,
    async close() {
      await pool?.destroy();
    },
  };
}
