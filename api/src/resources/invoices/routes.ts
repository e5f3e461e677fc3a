import Router from '@koa/router';
import type { Knex } from 'knex';
import { authorize, approvedUser, type ApiContext } from '../../http/auth';
import { notFound } from '../../http/errors';
import { sendDownload } from '../../http/download';
import { respondWithList, type ListSpec } from '../../http/listQuery';
import { foundOr404 } from '../foundOr404';
import { parse, parseId } from '../../http/validate';
import { formatAmount, formatMinorUnits, invoiceTotals } from '../../domain/money';
import { readChunks, writeChunks } from '../../services/files/chunks';
import type { InvoiceData } from '../../services/invoices/invoiceData';
import type { InvoiceRenderer } from '../../services/invoices/renderer';
import { amountInWords } from '../../services/invoices/amountInWords';
import { companyLogo, sellerProfile } from '../companies/profile';
import { invoiceContainers } from './contents';
import { invoiceSeller, zatcaSellerName } from './seller';
import { zatcaTlvBase64 } from '../../services/invoices/zatca';
import { InvoiceRequestSchema } from './schema';
import { issueInvoice } from './numbering';
import { invoiceCompany } from './policy';
import { Invoice } from './model';

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

export function invoiceRoutes(db: Knex, renderer: InvoiceRenderer) {
  const router = new Router();

  const visible = (ctx: ApiContext) => Invoice.query(db).modify('scopedTo', approvedUser(ctx)).modify('rowColumns');
  const findVisible = (ctx: ApiContext) => foundOr404(visible(ctx), parseId(ctx.params.id), 'Invoice not found');

  router.post('/invoice', authorize('invoices', 'create'), async (ctx) => {
    const user = approvedUser(ctx);
    const input = parse(InvoiceRequestSchema, ctx.request.body, 'invoice');
    const companyId = await invoiceCompany(db, user, input.containerIds);
    const profile = await sellerProfile(db, companyId);
    if (!profile) throw notFound('Company not found');
    const seller = invoiceSeller(input, profile);
    const [containers, logo] = await Promise.all([invoiceContainers(db, input.containerIds), profile.hasLogo ? companyLogo(db, companyId) : null]);
    const totals = invoiceTotals(input.salePrice, input.taxPercentage);
    // Stored and put in the QR code as plain decimals; printed with thousands separators.
    const stored = { salePrice: formatMinorUnits(totals.salePrice), taxAmount: formatMinorUnits(totals.taxAmount), totalAmount: formatMinorUnits(totals.totalAmount) };
    const printed = { salePrice: formatAmount(totals.salePrice), taxAmount: formatAmount(totals.taxAmount), totalAmount: formatAmount(totals.totalAmount) };
    const taxPercentage = formatMinorUnits(input.taxPercentage).replace(/\.00$/, '');
    const currency = profile.currency;
    const issuedAt = new Date().toISOString();
    const fileName = `invoice-${input.date}.pdf`;
    const invoiceData = (invoiceNumber: string): InvoiceData => ({
      invoiceNumber,
      issuedDate: input.date,
      issuedAt,
      paymentMethod: input.paymentMethod,
      currency,
      seller,
      buyer: { name: input.buyerName, address: input.buyerAddress, phone: input.buyerPhone, email: input.buyerEmail },
      containers,
      ...printed,
      taxPercentage,
      amountInWords: amountInWords(totals.totalAmount, currency),
      // Without a VAT number it is not a tax invoice, and carries no QR code.
      zatcaQr: seller.vatNumber
        ? zatcaTlvBase64({ sellerName: zatcaSellerName(seller), vatNumber: seller.vatNumber, timestamp: issuedAt, total: stored.totalAmount, vatAmount: stored.taxAmount })
        : null,
      logo,
    });
    const store = async (trx: Knex, invoiceNumber: string, pdf: Buffer) => {
      const { id: invoiceId } = await Invoice.query(trx).insert({
        invoiceNumber,
        companyId,
        fileName,
        containerIds: input.containerIds,
        containerNumber: containers.map((c) => c.number).join(', '),
        buyerName: input.buyerName,
        buyerAddress: input.buyerAddress,
        buyerPhone: input.buyerPhone,
        buyerEmail: input.buyerEmail,
        sellerName: seller.name,
        sellerNameAr: seller.nameAr,
        sellerAddress: seller.address,
        sellerCity: seller.city,
        sellerCountry: seller.country,
        sellerVatNumber: seller.vatNumber,
        sellerCommercialRegistrationNumber: seller.commercialRegistrationNumber,
        currency,
        ...stored,
        taxPercentage,
        paymentMethod: input.paymentMethod,
        issuedDate: input.date,
        fileSize: pdf.length,
        createdBy: user.id,
        createdAt: issuedAt,
      });
      await writeChunks(trx, { invoiceId }, 'pdf', pdf);
      return invoiceId;
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
    await respondWithList(ctx, LIST, visible(ctx));
  });

  router.get('/invoices/:id', authorize('invoices', 'read'), async (ctx) => {
    ctx.body = await findVisible(ctx);
  });

  router.get('/invoices/:id/download', authorize('invoices', 'read'), async (ctx) => {
    const invoice = await findVisible(ctx);
    // Named with its number: the stored name (SPEC.md §7's invoice-{date}.pdf, the name given
    // when it was generated) is the same for every invoice of a day.
    sendDownload(ctx, readChunks(db, { invoiceId: invoice.id }, 'pdf'), {
      fileName: `${invoice.invoiceNumber}.pdf`,
      mimeType: 'application/pdf',
      size: invoice.fileSize,
    });
  });

  router.delete('/invoices/:id', authorize('invoices', 'delete'), async (ctx) => {
    const invoice = await findVisible(ctx);
    await Invoice.query(db).deleteById(invoice.id);
    ctx.body = invoice;
  });

  return router;
}
