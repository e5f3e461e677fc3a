import type { Knex } from 'knex';
import { selectRows } from '../../db';
import { seesEveryCompany, seesOnlyOwnPurchases } from '../../domain/permissions';
import type { Viewer } from '../baseModel';

/** What the dashboard counts; `null` where the viewer was not counted that part. */
export type DashboardFigures = {
  ports: number;
  vehiclesByStatus: Map<string, number> | null;
  containers: number | null;
  companies: number | null;
  users: number | null;
  documentsOverdue: number | null;
};

type Asked = {
  /** Staff's cards: vehicles by status and containers, from the counts the writers keep. */
  statistics: boolean;
  /** Administrators': the companies and users in their scope. */
  administration: boolean;
  /** Staff's paperwork: vehicles with a document overdue at this time. */
  overdueAt: string | null;
};

/** The statement for a scope and the parts asked, built once for each (a handful in all). */
const texts = new Map<string, string>();
function textFor(everyCompany: boolean, asked: Asked): string {
  const key = `${everyCompany}:${asked.statistics}:${asked.administration}:${asked.overdueAt !== null}`;
  let sql = texts.get(key);
  if (!sql) {
    const where = (column: string, more = '') => (everyCompany ? (more ? ` where ${more}` : '') : ` where ${column} = ?${more ? ` and ${more}` : ''}`);
    const parts = ["select 'ports' as figure, '' as status, count(*) as n from ports"];
    if (asked.statistics) {
      parts.push(`select 'vehicles', status, sum(total) from company_row_counts${where('companyId', "tableName = 'vehicles'")} group by status`);
      parts.push(`select 'containers', '', sum(total) from company_row_counts${where('companyId', "tableName = 'containers'")}`);
    }
    if (asked.administration) {
      parts.push(`select 'companies', '', count(*) from companies${where('companies.id')}`);
      parts.push(`select 'users', '', count(*) from users${where('users.companyId')}`);
    }
    // One range of an index (vehicles by company and documentsDueAt), never a scan.
    if (asked.overdueAt !== null) parts.push(`select 'documentsOverdue', '', count(*) from vehicles${where('vehicles.companyId', 'vehicles.documentsDueAt <= ?')}`);
    sql = parts.join('\nunion all ');
    texts.set(key, sql);
  }
  return sql;
}

/**
 * The dashboard's counts in one statement of named rows: the ports; for staff the vehicles by
 * status and the containers from the counts the writers keep (`company_row_counts`, so a super
 * admin's are a hundred companies' counters, not a count of every vehicle); for administrators
 * the companies and users they see; for staff the vehicles with a document overdue. Each part is
 * in the scope the models' `scopedTo` gives staff: every company, or their own (a staff member
 * without a company counts none, as `companyId = NULL` matches nothing). The text is constant for
 * a scope, so the SQLite layer keeps it prepared. Sent as six queries built through objection,
 * these counts cost a round trip and a query's composition each: most of the dashboard's CPU.
 */
export async function dashboardFigures(db: Knex, viewer: Viewer, asked: Asked): Promise<DashboardFigures> {
  // A buyer's scope is its purchases, which these parts do not express: only the ports are theirs.
  if (seesOnlyOwnPurchases(viewer.role) && (asked.statistics || asked.administration || asked.overdueAt !== null)) {
    throw new Error('dashboardFigures: a buyer is counted only the ports');
  }
  const everyCompany = seesEveryCompany(viewer.role);
  const company = everyCompany ? [] : [viewer.companyId];
  const bindings: Knex.Value[] = [];
  if (asked.statistics) bindings.push(...company, ...company);
  if (asked.administration) bindings.push(...company, ...company);
  if (asked.overdueAt !== null) bindings.push(...company, asked.overdueAt);
  const rows = await selectRows<{ figure: string; status: string; n: number | string | null }>(db, textFor(everyCompany, asked), bindings);
  const total = (figure: string) => rows.filter((row) => row.figure === figure).reduce((sum, row) => sum + Number(row.n ?? 0), 0);
  return {
    ports: total('ports'),
    vehiclesByStatus: asked.statistics ? new Map(rows.filter((row) => row.figure === 'vehicles').map((row) => [row.status, Number(row.n ?? 0)])) : null,
    containers: asked.statistics ? total('containers') : null,
    companies: asked.administration ? total('companies') : null,
    users: asked.administration ? total('users') : null,
    documentsOverdue: asked.overdueAt !== null ? total('documentsOverdue') : null,
  };
}
