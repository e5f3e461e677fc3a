import { availableParallelism } from 'node:os';
import Piscina from 'piscina';
import type { InvoiceData } from './invoiceData';

/**
 * A small pool of worker threads that lay out invoice PDFs, so ten invoices at once do not stall
 * other requests. Workers load TypeScript through tsx, like the server itself.
 */
export type InvoiceRenderer = { render(data: InvoiceData): Promise<Buffer>; close(): Promise<void> };

export function createInvoiceRenderer(): InvoiceRenderer {
  let pool: Piscina | undefined;
  const getPool = () =>
    (pool ??= new Piscina({
      filename: new URL('./pdfWorker.ts', import.meta.url).href,
      execArgv: ['--import', 'tsx'],
      minThreads: 0,
      maxThreads: Math.max(1, Math.min(2, availableParallelism())),
      idleTimeout: 60_000,
    }));
  return {
    async render(data) {
      const bytes: Uint8Array = await getPool().run(data);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    async close() {
      await pool?.destroy();
    },
  };
}
