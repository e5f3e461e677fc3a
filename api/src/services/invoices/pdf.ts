import { readFileSync } from 'node:fs';
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';
import { invoiceFontBlobs } from './fonts';
import type { InvoiceData } from './invoiceData';
import { qrSvg } from './qr';

/**
 * Invoice PDFs laid out by Typst, in process (docs/decisions.md, "Invoice layout"). Typst breaks
 * lines in reading order with the fonts' real widths, then orders each line by the Unicode
 * bidirectional algorithm and shapes Arabic itself: we hand it the text exactly as typed.
 *
 * One compiler per thread, made on first use: it keeps the parsed fonts and the compiled template
 * between invoices. Typst's work is synchronous native code, so this runs in the PDF worker
 * threads (renderer.ts), never on the event loop.
 */
const WORKSPACE = '/invoice';
const TEMPLATE = readFileSync(new URL('./invoice.typ', import.meta.url), 'utf8');

let compiler: NodeCompiler | undefined;
let logoMapped = false;
const getCompiler = () => (compiler ??= NodeCompiler.create({ workspace: WORKSPACE, fontArgs: [{ fontBlobs: invoiceFontBlobs() }] }));

/** What the template reads from /data.json: the invoice without its logo's bytes, with the QR code's SVG. */
async function templateData(data: InvoiceData) {
  const { logo, zatcaQr, ...rest } = data;
  return { ...rest, hasLogo: !!logo, qrSvg: zatcaQr ? await qrSvg(zatcaQr) : null, taxInvoice: data.taxInvoice, hasVatNumber: !!data.seller.vatNumber };
}

export class InvoiceLayoutError extends Error {}

export async function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const typst = getCompiler();
  const json = await templateData(data);
  typst.mapShadow(`${WORKSPACE}/data.json`, Buffer.from(JSON.stringify(json)));
  if (data.logo) typst.mapShadow(`${WORKSPACE}/logo.png`, Buffer.from(data.logo));
  else if (logoMapped) typst.unmapShadow(`${WORKSPACE}/logo.png`);
  logoMapped = !!data.logo;
  try {
    // pdf() straight from the source: a compile() result held on the JavaScript side keeps about
    // 1 MB of the layout alive per invoice, even after garbage collection.
    return typst.pdf({ mainFileContent: TEMPLATE }, { creationTimestamp: Math.floor(Date.parse(data.issuedAt) / 1000) });
  } catch {
    // Only when layout fails: compile again to say why (a template error, never user text).
    const diagnostics = typst.compile({ mainFileContent: TEMPLATE }).takeDiagnostics()?.shortDiagnostics ?? [];
    throw new InvoiceLayoutError(`The invoice could not be laid out: ${JSON.stringify(diagnostics).slice(0, 500)}`);
  } finally {
    // Typst memoises layout results globally: drop them all (keeping them made no invoice faster).
    typst.evictCache(0);
  }
}
