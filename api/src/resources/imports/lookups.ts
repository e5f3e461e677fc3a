import type { Knex } from 'knex';
import { canChooseCompany } from '../../domain/permissions';
import type { Role } from '../../domain/roles';
import { sheetKey } from '../../domain/sheetColumns';
import { Company } from '../companies/model';
import { Container } from '../containers/model';
import { Port } from '../ports/model';
import { User } from '../users/model';
import { RowProblem } from './runImport';

/**
 * The names a sheet gives (a port's name, a container's number, a user's username, a company's
 * code) turned into ids, read in the import's transaction and kept for its other rows. Made anew
 * for each run of the transaction (writeTransaction may run it again). An import creates none of
 * the records looked up here, so a row rolled back to its savepoint leaves nothing wrong kept.
 */
export class ImportLookups {
  private ports?: Port[];
  private companies?: Company[];
  private containers = new Map<string, { id: number; containerSize: string | null } | null>();
  private users = new Map<string, number | null>();

  /** The transaction (the row's savepoint) the next look-ups read in. */
  trx!: Knex;

  constructor(
    private readonly actor: User,
    private readonly companyIdParam: number | undefined,
  ) {}

  /**
   * The row's company: a super administrator names it (the row's column, else ?companyId=);
   * anyone else imports into their own, and a column naming another is an error.
   */
  async companyOf(cell: string | undefined): Promise<number> {
    if (!canChooseCompany(this.actor.role)) {
      if (cell && !(await this.namesCompany(cell, this.actor.companyId!))) throw new RowProblem('company', 'company.notAllowed');
      return this.actor.companyId!;
    }
    if (!cell) {
      if (this.companyIdParam === undefined) throw new RowProblem('company', 'company.required');
      return this.companyIdParam;
    }
    const company = (await this.allCompanies()).find((c) => matchesCompany(c, cell));
    if (!company) throw new RowProblem('company', 'company.notFound', { value: cell });
    return company.id;
  }

  private async namesCompany(cell: string, companyId: number) {
    const company = (await this.allCompanies()).find((c) => c.id === companyId);
    return !!company && matchesCompany(company, cell);
  }

  private async allCompanies() {
    this.companies ??= await Company.query(this.trx).select('id', 'name', 'code');
    return this.companies;
  }

  /** A port by its id, English or Arabic name (ports are shared by every company). */
  async portId(field: string, cell: string | undefined): Promise<number | null | undefined> {
    if (!cell) return undefined;
    this.ports ??= await Port.query(this.trx).select('id', 'name', 'nameAr');
    const wanted = sheetKey(cell);
    const port = this.ports.find((p) => String(p.id) === cell || sheetKey(p.name) === wanted || (p.nameAr && sheetKey(p.nameAr) === wanted));
    if (!port) throw new RowProblem(field, 'port.notFound', { value: cell });
    return port.id;
  }

  /** A container of the company by its number (spaces and case do not matter). */
  async container(companyId: number, cell: string) {
    const number = cell.replace(/\s+/g, '').toUpperCase();
    const key = `${companyId}:${number}`;
    if (!this.containers.has(key)) {
      const found = await Container.query(this.trx).findOne({ number, companyId }).select('id', 'containerSize');
      this.containers.set(key, found ? { id: found.id, containerSize: found.containerSize } : null);
    }
    const container = this.containers.get(key);
    if (!container) throw new RowProblem('container', 'container.notFound', { value: cell });
    return container;
  }

  /** A user of the company, of one of `roles`, by username (or id). */
  async userId(field: string, companyId: number, cell: string | undefined, roles: readonly Role[], code: string): Promise<number | undefined> {
    if (!cell) return undefined;
    const key = `${field}:${companyId}:${cell.toLowerCase()}`;
    if (!this.users.has(key)) {
      const query = User.query(this.trx).where({ companyId }).whereIn('role', roles as Role[]).select('id');
      if (/^\d+$/.test(cell)) query.where((w) => w.where('id', Number(cell)).orWhere('username', cell));
      else query.whereRaw('lower(username) = ?', [cell.toLowerCase()]);
      const found = await query.first();
      this.users.set(key, found?.id ?? null);
    }
    const id = this.users.get(key);
    if (!id) throw new RowProblem(field, code, { value: cell });
    return id;
  }
}

const matchesCompany = (company: Company, cell: string) =>
  String(company.id) === cell.trim() || sheetKey(company.code) === sheetKey(cell) || sheetKey(company.name) === sheetKey(cell);
