import type { Knex } from 'knex';
import type { z } from 'zod';
import { forbidden, notFound } from '../../http/errors';
import { can } from '../../domain/permissions';
import { formatAmount, formatMinorUnits, invoiceTotals } from '../../domain/money';
import type { FileStorages, StagedFile } from '../../services/storage';
import type { InvoiceData } from '../../services/invoices/invoiceData';
import type { InvoiceRenderer } from '../../services/invoices/renderer';
import { amountInWords } from '../../services/invoices/amountInWords';
import { zatcaTlvBase64 } from '../../services/invoices/zatca';
import { companyLogo, sellerProfile } from '../companies/profile';
import type { User } from '../users/model';
import { invoiceContainers } from './contents';
import { isTaxInvoice } from './taxInvoice';
import { invoiceFileName } from '../../domain/invoiceFileName';
import { invoiceSeller, zatcaSellerName } from './seller';
import type { InvoiceRequestSchema } from './schema';
import { issueNumbered } from './numbering';
import { invoiceCompany } from './policy';
import { Invoice } from './model';
import { recordEvent } from '../auditLog/record';
import { s3KeysOfRows } from '../files/objects';

/** `pdf`: the bytes stored, as stored. */
export type IssuedInvoice = { id: number; invoiceNumber: string; fileName: string; size: number; pdf: Buffer };

/**
 * Issues an invoice for containers of one company: the next number of its company and year, the
 * PDF laid out with it, both stored at once (docs/architecture.md, "Operations").
 *
 * Unlike the other operations it takes the database rather than a transaction: the PDF carries
 * its number and takes about 50 ms to lay out, which must not happen inside a write transaction
 * (on SQLite that would hold the only writer). numbering.ts takes the number and stores the
 * invoice in one short transaction of its own, through writeTransaction.
 */
export async function issueInvoice(actor: User, input: z.infer<typeof InvoiceRequestSchema>, db: Knex, renderer: InvoiceRenderer, storages: FileStorages): Promise<IssuedInvoice> {
  if (!can(actor.role, 'invoices', 'create')) throw forbidden();
  const companyId = await invoiceCompany(db, actor, input.containerIds);
  const profile = await sellerProfile(db, companyId);
  if (!profile) throw notFound('Company not found');
  const seller = invoiceSeller(input, profile);
  const taxInvoice = isTaxInvoice(input, seller.vatNumber);
  const [containers, logo] = await Promise.all([invoiceContainers(db, input.containerIds), profile.hasLogo ? companyLogo(db, storages, companyId) : null]);
  const totals = invoiceTotals(input.salePrice, input.taxPercentage);
  // Stored and put in the QR code as plain decimals; printed with thousands separators.
  const stored = { salePrice: formatMinorUnits(totals.salePrice), taxAmount: formatMinorUnits(totals.taxAmount), totalAmount: formatMinorUnits(totals.totalAmount) };
  const printed = { salePrice: formatAmount(totals.salePrice), taxAmount: formatAmount(totals.taxAmount), totalAmount: formatAmount(totals.totalAmount) };
  const taxPercentage = formatMinorUnits(input.taxPercentage).replace(/\.00$/, '');
  const currency = profile.currency;
  const issuedAt = new Date().toISOString();
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
    taxInvoice,
    // Only a tax invoice carries the ZATCA QR code.
    zatcaQr: taxInvoice && seller.vatNumber
      ? zatcaTlvBase64({ sellerName: zatcaSellerName(seller), vatNumber: seller.vatNumber, timestamp: issuedAt, total: stored.totalAmount, vatAmount: stored.taxAmount })
      : null,
    logo,
  });
  const store = async (trx: Knex, invoiceNumber: string, pdf: Buffer, staged: StagedFile) => {
    const { id: invoiceId } = await Invoice.query(trx).insert({
      ...staged.columns,
      invoiceNumber,
      companyId,
      fileName: invoiceFileName(invoiceNumber, input.buyerName),
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
      createdBy: actor.id,
      createdAt: issuedAt,
    });
    await staged.write(trx, invoiceId);
    await recordEvent(trx, {
      actor, action: 'create', entity: 'invoices', entityId: invoiceId, companyId,
      changes: { invoiceNumber: { from: null, to: invoiceNumber }, totalAmount: { from: null, to: stored.totalAmount } },
    });
    return invoiceId;
  };
  const { invoiceNumber, pdf, stored: id } = await issueNumbered(db, companyId, Number(input.date.slice(0, 4)), (number) => renderer.render(invoiceData(number)), storages.current, store, actor);
  return { id, invoiceNumber, fileName: invoiceFileName(invoiceNumber, input.buyerName), size: pdf.length, pdf };
}

/**
 * Deletes an invoice the route found the actor may see; its PDF's chunks follow by the foreign key.
 * Answers its PDF's S3 key, if any, recorded here as pending removal, whose object the route
 * removes after the commit (the sweep's if that fails).
 */
export async function deleteInvoice(actor: User, invoice: Pick<Invoice, 'id' | 'invoiceNumber' | 'companyId'>, trx: Knex): Promise<string[]> {
  if (!can(actor.role, 'invoices', 'delete')) throw forbidden();
  const storageKeys = await s3KeysOfRows(trx, Invoice.query(trx).where({ id: invoice.id }));
  await Invoice.query(trx).deleteById(invoice.id);
  await recordEvent(trx, {
    actor, action: 'delete', entity: 'invoices', entityId: invoice.id, companyId: invoice.companyId,
    changes: { invoiceNumber: { from: invoice.invoiceNumber, to: null } },
  });
  return storageKeys;
}

/** An issued invoice's PDF, byte for byte as issued, from where its row says it is. */
export function invoicePdf(db: Knex, storages: FileStorages, invoice: { id: number; storage: string; storageKey: string | null }) {
  const stored = { id: invoice.id, storage: invoice.storage, storageKey: invoice.storageKey, kind: 'invoice' as const };
  return storages.of(stored).open(db, stored, 'original');
}
