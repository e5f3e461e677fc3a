import type { Knex } from 'knex';
import { isMysql } from '../../db';
import type { Viewer } from '../baseModel';
import { Invoice } from './model';

/** What a container carries of its invoices: their numbers, oldest first. */
type InvoicedContainer = { id: number; companyId: number; invoiceNumbers?: string[] };

/**
 * The numbers of the invoices that already include each container, for one page of containers:
 * one query, whatever the page's size. Plain SQL beside the model because `invoices.containerIds`
 * is a JSON array and only the engines' JSON table functions (SQLite's json_each, MySQL's and
 * MariaDB's JSON_TABLE) can join its elements. The invoices read are the viewer's (the `scopedTo`
 * modifier) and, of those, only the ones of the page's companies (the (companyId, issuedDate)
 * index), and a container is given only the invoices of its own company: an invoice is one
 * company's, and one made before the container moved to another company is not this company's.
 * Sets `invoiceNumbers` (an empty array when none) on every container given, and answers them.
 */
export async function withInvoiceNumbers<C extends InvoicedContainer>(db: Knex, viewer: Viewer, containers: C[]): Promise<C[]> {
  for (const container of containers) container.invoiceNumbers = [];
  if (!containers.length) return containers;
  const ids = [...new Set(containers.map((c) => c.id))];
  const companyIds = [...new Set(containers.map((c) => c.companyId))];
  const [elements, element] = isMysql(db)
    ? ["json_table(invoices.containerIds, '$[*]' columns (containerId int path '$')) as invoiceContainer", 'invoiceContainer.containerId']
    : ['json_each(invoices.containerIds) as invoiceContainer', 'invoiceContainer.value'];
  const rows = (await Invoice.query(db)
    .modify('scopedTo', viewer)
    .joinRaw(`cross join ${elements}`)
    .whereIn('invoices.companyId', companyIds)
    .whereIn(element, ids)
    .select('invoices.invoiceNumber', 'invoices.companyId', db.raw('?? as ??', [element, 'containerId']))
    .orderBy('invoices.invoiceNumber')
    .castTo<{ invoiceNumber: string; companyId: number; containerId: number }[]>()) as { invoiceNumber: string; companyId: number; containerId: number }[];
  const byKey = new Map<string, string[]>();
  for (const row of rows) {
    const key = `${Number(row.companyId)}:${Number(row.containerId)}`;
    const numbers = byKey.get(key) ?? [];
    if (!numbers.includes(row.invoiceNumber)) numbers.push(row.invoiceNumber);
    byKey.set(key, numbers);
  }
  for (const container of containers) container.invoiceNumbers = byKey.get(`${container.companyId}:${container.id}`) ?? [];
  return containers;
}
