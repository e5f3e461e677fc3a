import Router from '@koa/router';
import type { Knex } from 'knex';
import { authorize, approvedUser, type ApiContext } from '../../http/auth';
import { sendDownload } from '../../http/download';
import { respondWithList, type ListSpec } from '../../http/listQuery';
import { foundOr404 } from '../foundOr404';
import { parse, parseId } from '../../http/validate';
import type { FileStorages } from '../../services/storage';
import type { InvoiceRenderer } from '../../services/invoices/renderer';
import { InvoiceRequestSchema } from './schema';
import { deleteInvoice, invoicePdf, issueInvoice } from './operations';
import { removeObjects } from '../files/objects';
import { writeTransaction } from '../writeTransaction';
import { requestLanguage } from '../imports/messages';
import { respondWithExport } from '../sheetExport';
import { invoiceExportColumns } from './export';
import { Invoice } from './model';
import { invoiceFileName } from '../../domain/invoiceFileName';

const LIST: ListSpec = {
  resource: 'invoices',
  sort: {
    id: 'invoices.id',
    invoiceNumber: 'invoices.invoiceNumber',
    buyerName: 'invoices.buyerName',
    issuedDate: 'invoices.issuedDate',
    totalAmount: 'invoices.totalAmount',
    createdAt: 'invoices.createdAt',
  },
  filters: {
    id: { column: 'invoices.id', kind: 'number' },
    companyId: { column: 'invoices.companyId', kind: 'number' },
    paymentMethod: { column: 'invoices.paymentMethod', kind: 'text' },
    issuedDate: { column: 'invoices.issuedDate', kind: 'date' },
    createdAt: { column: 'invoices.createdAt', kind: 'date' },
  },
  search: ['invoices.invoiceNumber', 'invoices.buyerName', 'invoices.containerNumber'],
  defaultSort: ['createdAt', 'DESC'],
  idColumn: 'invoices.id',
};

/** Invoices; each one's PDF is where its row says (`storage`: the database's chunks, or S3), new ones where STORAGE_URL says. */
export function invoiceRoutes(db: Knex, renderer: InvoiceRenderer, storages: FileStorages) {
  const router = new Router();

  const visible = (ctx: ApiContext) => Invoice.query(db).modify('scopedTo', approvedUser(ctx)).modify('rowColumns');
  const findVisible = (ctx: ApiContext) => foundOr404(visible(ctx), parseId(ctx.params.id), 'Invoice not found');

  router.post('/invoice', authorize('invoices', 'create'), async (ctx) => {
    const user = approvedUser(ctx);
    const input = parse(InvoiceRequestSchema, ctx.request.body, 'invoice');
    const issued = await issueInvoice(user, input, db, renderer, storages);
    ctx.set('X-Invoice-Id', String(issued.id));
    ctx.set('X-Invoice-Number', issued.invoiceNumber);
    ctx.set('Access-Control-Expose-Headers', 'X-Invoice-Id, X-Invoice-Number, Content-Disposition');
    ctx.status = 201;
    // The PDF whole (an invoice is a few kB), not streamed: the stream of an answer is ended when
    // its client leaves, and an answer cut off so is not kept for the retry of its
    // Idempotency-Key, which would then learn only that the invoice exists (409), not get it.
    // The bytes stored, as stored (the database's chunks or S3's object were written from them).
    sendDownload(ctx, issued.pdf, { fileName: issued.fileName, mimeType: 'application/pdf', size: issued.size });
  });

  router.get('/invoices', authorize('invoices', 'read'), async (ctx) => {
    await respondWithList(ctx, LIST, visible(ctx));
  });

  /** Every invoice of the list's filter and sort, as a CSV or .xlsx download (resources/sheetExport.ts). */
  router.get('/invoices/export', authorize('invoices', 'read'), async (ctx) => {
    const columns = invoiceExportColumns(requestLanguage(ctx, approvedUser(ctx)));
    await respondWithExport(ctx, LIST, visible(ctx), { name: 'invoices', columns });
  });

  router.get('/invoices/:id', authorize('invoices', 'read'), async (ctx) => {
    ctx.body = await findVisible(ctx);
  });

  router.get('/invoices/:id/download', authorize('invoices', 'read'), async (ctx) => {
    const invoice = await findVisible(ctx);
    // The one name of every flow (domain/invoiceFileName.ts), also for invoices stored before it
    // under invoice-{date}.pdf, a name every invoice of a day shared.
    sendDownload(ctx, invoicePdf(db, storages, invoice), {
      fileName: invoiceFileName(invoice.invoiceNumber, invoice.buyerName),
      mimeType: 'application/pdf',
      size: invoice.fileSize,
    });
  });

  router.delete('/invoices/:id', authorize('invoices', 'delete'), async (ctx) => {
    const invoice = await findVisible(ctx);
    await removeObjects(storages, await writeTransaction(db, (trx) => deleteInvoice(approvedUser(ctx), invoice, trx)));
    ctx.body = invoice;
  });

  return router;
}
