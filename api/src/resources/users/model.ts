import type { Pojo } from 'objection';
import { BaseModel } from '../baseModel';
import type { Language } from '../../domain/languages';
import type { Role } from '../../domain/roles';

export class User extends BaseModel {
  static tableName = 'users';
  static booleanColumns = ['active', 'pendingApproval', 'mustChangePassword'];

  declare username: string;
  declare passwordHash: string;
  declare role: Role | null;
  declare companyId: number | null;
  declare active: boolean;
  declare pendingApproval: boolean;
  /** Set by an administrator's reset (and for a generated first password): only the password change is open. */
  declare mustChangePassword: boolean;
  /** The console's language preference; null: the browser's. */
  declare language: Language | null;
  declare createdAt: string;
  /** Joined from companies in lists. */
  declare companyName?: string | null;

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
  createdAt: u.createdAt,
});
