import type { Pojo, QueryBuilder, RelationMappings } from 'objection';
import { BaseModel, whereInCompanyOf, type Viewer } from '../baseModel';
import type { Language } from '../../domain/languages';
import type { Role } from '../../domain/roles';
import type { Theme } from '../../domain/themes';
import { Company } from '../companies/model';

export class User extends BaseModel {
  static tableName = 'users';
  static booleanColumns = ['active', 'pendingApproval', 'mustChangePassword', 'companyActive'];

  declare username: string;
  declare passwordHash: string;
  declare role: Role | null;
  declare companyId: number | null;
  declare active: boolean;
  declare pendingApproval: boolean;
  /** Set when an administrator gives the password (a new account, a reset) and for a generated one: only the password change is open. */
  declare mustChangePassword: boolean;
  /** The console's language preference; null: the browser's. */
  declare language: Language | null;
  /** The console's theme preference; 'system' follows the operating system's. */
  declare theme: Theme;
  declare createdAt: string;
  /** Joined from companies for the signed-in user (null without a company): see withCompanyStatus. */
  declare companyActive?: boolean | null;
  /** Joined from companies in lists. */
  declare companyName?: string | null;

  static relationMappings = (): RelationMappings => ({
    company: { relation: BaseModel.BelongsToOneRelation, modelClass: () => Company, join: { from: 'users.companyId', to: 'companies.id' } },
  });

  static modifiers = {
    /** SUPER_ADMIN sees every user; a COMPANY_ADMIN its own company's (DESIGN.md §4). */
    scopedTo(query: QueryBuilder<User>, viewer: Viewer) {
      whereInCompanyOf(query, 'users.companyId', viewer);
    },
    /** Every column and the company's status (`companyActive`), as the signed-in user is read. */
    withCompanyStatus(query: QueryBuilder<User>) {
      query.leftJoinRelated('company').select('users.*', 'company.active as companyActive');
    },
    /** What a user answer carries: never the hash, with the company's name. */
    rowColumns(query: QueryBuilder<User>) {
      query
        .leftJoinRelated('company')
        .select('users.id', 'users.username', 'users.role', 'users.companyId', 'users.active', 'users.pendingApproval', 'users.mustChangePassword', 'users.createdAt', 'company.name as companyName');
    },
  };

  /** The hash never leaves the server, in any response. */
  $formatJson(json: Pojo): Pojo {
    const formatted = super.$formatJson(json);
    delete formatted.passwordHash;
    return formatted;
  }
}

/** What login, registration and GET /api/user answer with. */
export const currentUserJson = (u: User) => ({
  id: u.id,
  username: u.username,
  role: u.role,
  companyId: u.companyId,
  active: u.active,
  pendingApproval: u.pendingApproval,
  mustChangePassword: u.mustChangePassword,
  language: u.language ?? null,
  theme: u.theme ?? 'system',
  createdAt: u.createdAt,
});
