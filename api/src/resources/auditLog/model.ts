import type { QueryBuilder } from 'objection';
import { BaseModel, whereInCompanyOf, type Viewer } from '../baseModel';
import type { Role } from '../../domain/roles';
import type { AuditAction, AuditEntity, Changes } from '../../domain/auditEvents';

/**
 * One event of the record (migrations/20261130000200_audit_events.ts): who (the user, its name and
 * role at that moment), where from (ip), what (action, entity, entityId, the field changes) and
 * whose (companyId). Written only by record.ts, never changed or deleted.
 */
export class AuditEvent extends BaseModel {
  static tableName = 'audit_events';
  static jsonAttributes = ['changes'];

  declare createdAt: string;
  declare userId: number | null;
  declare username: string | null;
  declare role: Role | null;
  declare companyId: number | null;
  declare ip: string | null;
  declare action: AuditAction;
  declare entity: AuditEntity;
  declare entityId: number | null;
  declare changes: Changes | null;

  static modifiers = {
    /** SUPER_ADMIN reads every event; a COMPANY_ADMIN its own company's (the route allows no one else). */
    scopedTo(query: QueryBuilder<AuditEvent>, viewer: Viewer) {
      whereInCompanyOf(query, 'audit_events.companyId', viewer);
    },
  };
}
