import type { Knex } from 'knex';
import { isMysql, keptTexts, selectRows } from '../../db';
import { seesEveryCompany } from '../../domain/permissions';
import type { Viewer } from '../baseModel';

/** What a container carries of its invoices: their numbers, oldest first. */
type InvoicedContainer = { id: number; companyId: number; invoiceNumbers?: string[] };

/**
 * The statement for an engine, a scope and the numbers of companies and containers asked about,
 * built once for each (a page has a handful of companies and up to 100 containers): a constant
 * text the SQLite layer keeps prepared, where building it through objection cost more than
 * running it.
 */
const texts = keptTexts();
function textFor(mysql: boolean, ownCompany: boolean, companies: number, containers: number): string {
  return texts(`${mysql}:${ownCompany}:${companies}:${containers}`, () => {
    const [elements, element] = mysql
      ? ["json_table(invoices.containerIds, '$[*]' columns (containerId int path '$')) as invoiceContainer", 'invoiceContainer.containerId']
      : ['json_each(invoices.containerIds) as invoiceContainer', 'invoiceContainer.value'];
    const marks = (n: number) => new Array(n).fill('?').join(', ');
    return (
      `select invoices.invoiceNumber, invoices.companyId, ${element} as containerId from invoices cross join ${elements}` +
      ` where ${ownCompany ? 'invoices.companyId = ? and ' : ''}invoices.companyId in (${marks(companies)}) and ${element} in (${marks(containers)})` +
      ' order by invoices.invoiceNumber asc'
    );
  });
}

/**
 * The numbers of the invoices that already include each container, for one page of containers:
 * one query, whatever the page's size. Plain SQL beside the model because `invoices.containerIds`
 * is a JSON array and only the engines' JSON table functions (SQLite's json_each, MySQL's and
 * MariaDB's JSON_TABLE) can join its elements. The invoices read are the viewer's (as the
 * `scopedTo` modifier) and, of those, only the ones of the page's companies (the (companyId, issuedDate)
 * index), and a container is given only the invoices of its own company: an invoice is one
 * company's, and one made before the container moved to another company is not this company's.
 * Sets `invoiceNumbers` (an empty array when none) on every container given, and answers them.
 */
export async function withInvoiceNumbers<C extends InvoicedContainer>(db: Knex, viewer: Viewer, containers: C[]): Promise<C[]> {
  for (const container of containers) container.invoiceNumbers = [];
  if (!containers.length) return containers;
  const ids = [...new Set(containers.map((c) => c.id))];
  const companyIds = [...new Set(containers.map((c) => c.companyId))];
  // The viewer's invoices, as Invoice's `scopedTo` (whereInCompanyOf): every company's, their
  // company's, or none for staff without a company.
  const everyCompany = seesEveryCompany(viewer.role);
  if (!everyCompany && viewer.companyId === null) return containers;
  const own = everyCompany ? [] : [viewer.companyId as number];
  const rows = await selectRows<{ invoiceNumber: string; companyId: number; containerId: number }>(db, textFor(isMysql(db), !everyCompany, companyIds.length, ids.length), [...own, ...companyIds, ...ids], { prepared: true });
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
