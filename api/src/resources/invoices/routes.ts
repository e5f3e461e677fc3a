import Router from '@koa/router';
import type { Knex } from 'knex';
import { authorize, approvedUser, type ApiContext } from '../../http/auth';
import { notFound } from '../../http/errors';
import { sendDownload } from '../../http/download';
import { respondWithList, type ListSpec } from '../../http/listQuery';
import { parse, parseId } from '../../http/validate';
import { formatMinorUnits, invoiceTotals } from '../../domain/money';
import { readChunks, writeChunks } from '../../services/files/chunks';
import type { InvoiceData } from '../../services/invoices/invoiceData';
import type { InvoiceRenderer } from '../../services/invoices/renderer';
import { zatcaTlvBase64 } from '../../services/invoices/zatca';
import { InvoiceRequestSchema } from './schema';
import { issueInvoice } from './numbering';
import { invoiceCompany, scopeInvoices } from './policy';

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

const COLUMNS = [
  'id', 'invoiceNumber', 'companyId', 'fileName', 'containerIds', 'containerNumber', 'buyerName', 'buyerAddress', 'buyerPhone',
  'buyerEmail', 'sellerName', 'sellerAddress', 'sellerCity', 'sellerCountry', 'sellerVatNumber', 'salePrice', 'taxPercentage',
  'taxAmount', 'totalAmount', 'paymentMethod', 'issuedDate', 'fileSize', 'createdBy', 'createdAt',
].map((c) => `invoices.${c}`);

/** Decimals come back as strings from MySQL and numbers from SQLite: always numbers, 2 decimals. */
type InvoiceRow = Record<string, unknown> & { id: number; fileName: string };
const toJson = (row: InvoiceRow) => ({
  ...row,
  containerIds: typeof row.containerIds === 'string' ? JSON.parse(row.containerIds) : row.containerIds,
  salePrice: Number(row.salePrice),
  taxPercentage: Number(row.taxPercentage),
  taxAmount: Number(row.taxAmount),
  totalAmount: Number(row.totalAmount),
  fileSize: Number(row.fileSize),
});

const portLabel = (name: string | null, country: string | null) => (name ? (country ? `${name} - ${country}` : name) : null);

export function invoiceRoutes(db: Knex, renderer: InvoiceRenderer) {
  const router = new Router();

  const visible = (ctx: ApiContext) => scopeInvoices(db('invoices').select(COLUMNS), approvedUser(ctx));
  const findVisible = async (ctx: ApiContext) => {
    const row = await visible(ctx).where('invoices.id', parseId(ctx.params.id)).first();
    if (!row) throw notFound('Invoice not found');
    return toJson(row);
  };

  /** The containers with their ports and vehicles, as the PDF lists them. */
  const containerDetails = async (ids: number[]) => {
    const containers = await db('containers as c')
      .leftJoin('ports as f', 'f.id', 'c.fromPortId')
      .leftJoin('ports as t', 't.id', 'c.toPortId')
      .whereIn('c.id', ids)
      .orderBy('c.number')
      .select('c.id', 'c.number', 'c.containerSize', 'c.sealNumber', 'f.name as fromName', 'f.country as fromCountry', 't.name as toName', 't.country as toCountry');
    const vehicles = await db('vehicles').whereIn('containerId', ids).orderBy('vin').select('containerId', 'vin', 'make', 'model', 'year', 'vehicleInfo');
    return containers.map((c) => ({
      number: c.number,
      containerSize: c.containerSize,
      sealNumber: c.sealNumber,
      fromPort: portLabel(c.fromName, c.fromCountry),
      toPort: portLabel(c.toName, c.toCountry),
      vehicles: vehicles
        .filter((v) => v.containerId === c.id)
        .map((v) => {
          const info = typeof v.vehicleInfo === 'string' ? JSON.parse(v.vehicleInfo) : (v.vehicleInfo ?? {});
          return { vin: v.vin, make: v.make, model: v.model, year: v.year, color: info?.color ?? null };
        }),
    }));
  };

  router.post('/invoice', authorize('invoices', 'create'), async (ctx) => {
    const user = approvedUser(ctx);
    const input = parse(InvoiceRequestSchema, ctx.request.body, 'invoice');
    const companyId = await invoiceCompany(db, user, input.containerIds);
    const containers = await containerDetails(input.containerIds);
    const totals = invoiceTotals(input.salePrice, input.taxPercentage);
    const money = { salePrice: formatMinorUnits(totals.salePrice), taxAmount: formatMinorUnits(totals.taxAmount), totalAmount: formatMinorUnits(totals.totalAmount) };
    const taxPercentage = formatMinorUnits(input.taxPercentage).replace(/\.00$/, '');
    const issuedAt = new Date().toISOString();
    const fileName = `invoice-${input.date}.pdf`;
    const invoiceData = (invoiceNumber: string): InvoiceData => ({
      invoiceNumber,
      issuedDate: input.date,
      issuedAt,
      paymentMethod: input.paymentMethod,
      currency: 'USD',
      seller: { name: input.companyName, address: input.companyAddress, city: input.companyCity, country: input.companyCountry, vatNumber: input.sellerVatNumber },
      buyer: { name: input.buyerName, address: input.buyerAddress, phone: input.buyerPhone, email: input.buyerEmail },
      containers,
      ...money,
      taxPercentage,
      zatcaQr: input.sellerVatNumber
        ? zatcaTlvBase64({ sellerName: input.companyName, vatNumber: input.sellerVatNumber, timestamp: issuedAt, total: money.totalAmount, vatAmount: money.taxAmount })
        : null,
    });
    const store = async (trx: Knex, invoiceNumber: string, pdf: Buffer) => {
      const [invoiceId] = await trx('invoices').insert({
        invoiceNumber,
        companyId,
        fileName,
        containerIds: JSON.stringify(input.containerIds),
        containerNumber: containers.map((c) => c.number).join(', '),
        buyerName: input.buyerName,
        buyerAddress: input.buyerAddress,
        buyerPhone: input.buyerPhone,
        buyerEmail: input.buyerEmail,
        sellerName: input.companyName,
        sellerAddress: input.companyAddress,
        sellerCity: input.companyCity,
        sellerCountry: input.companyCountry,
        sellerVatNumber: input.sellerVatNumber,
        ...money,
        taxPercentage,
        paymentMethod: input.paymentMethod,
        issuedDate: input.date,
        fileSize: pdf.length,
        createdBy: user.id,
        createdAt: issuedAt,
      });
      await writeChunks(trx, { invoiceId: Number(invoiceId) }, 'pdf', pdf);
      return Number(invoiceId);
    };
    const issued = await issueInvoice(db, companyId, Number(input.date.slice(0, 4)), (number) => renderer.render(invoiceData(number)), store);
    const { invoiceNumber, pdf, stored: id } = issued;

    ctx.set('X-Invoice-Id', String(id));
    ctx.set('X-Invoice-Number', invoiceNumber);
    ctx.set('Access-Control-Expose-Headers', 'X-Invoice-Id, X-Invoice-Number, Content-Disposition');
    ctx.status = 201;
    sendDownload(ctx, readChunks(db, { invoiceId: id }, 'pdf'), { fileName, mimeType: 'application/pdf', size: pdf.length });
  });

  router.get('/invoices', authorize('invoices', 'read'), async (ctx) => {
    await respondWithList(ctx, LIST, visible(ctx), toJson);
  });

  router.get('/invoices/:id', authorize('invoices', 'read'), async (ctx) => {
    ctx.body = await findVisible(ctx);
  });

  router.get('/invoices/:id/download', authorize('invoices', 'read'), async (ctx) => {
    const invoice = await findVisible(ctx);
    sendDownload(ctx, readChunks(db, { invoiceId: invoice.id }, 'pdf'), {
      fileName: invoice.fileName,
      mimeType: 'application/pdf',
      size: invoice.fileSize,
    });
  });

  router.delete('/invoices/:id', authorize('invoices', 'delete'), async (ctx) => {
    const invoice = await findVisible(ctx);
    await db('invoices').where({ id: invoice.id }).delete();
    ctx.body = invoice;
  });

  return router;
}
