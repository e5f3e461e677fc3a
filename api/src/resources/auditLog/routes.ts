import Router from '@koa/router';
import type { Knex } from 'knex';
import { authorize, approvedUser, type ApiContext } from '../../http/auth';
import { respondWithList, type ListSpec } from '../../http/listQuery';
import { requestLanguage } from '../imports/messages';
import { respondWithExport } from '../sheetExport';
import { auditExportColumns } from './export';
import { AuditEvent } from './model';

/**
 * The record of events, read only: a list (ra-data-simple-rest) and its export. There is no route
 * that changes or deletes an event (any other method answers 405).
 */
const LIST: ListSpec = {
  resource: 'audit-log',
  sort: { id: 'audit_events.id', createdAt: 'audit_events.id' },
  filters: {
    id: { column: 'audit_events.id', kind: 'number' },
    entity: { column: 'audit_events.entity', kind: 'text' },
    entityId: { column: 'audit_events.entityId', kind: 'number' },
    userId: { column: 'audit_events.userId', kind: 'number' },
    action: { column: 'audit_events.action', kind: 'text' },
    companyId: { column: 'audit_events.companyId', kind: 'number' },
    createdAt: { column: 'audit_events.createdAt', kind: 'date' },
  },
  search: ['audit_events.username'],
  defaultSort: ['id', 'DESC'],
  idColumn: 'audit_events.id',
};

export function auditLogRoutes(db: Knex) {
  const router = new Router({ prefix: '/audit-log' });

  const visible = (ctx: ApiContext) => AuditEvent.query(db).modify('scopedTo', approvedUser(ctx));

  router.get('/', authorize('audit-log', 'read'), async (ctx) => {
    await respondWithList(ctx, LIST, visible(ctx));
  });

  /** Every event of the list's filter and sort, as a CSV or .xlsx download (resources/sheetExport.ts). */
  router.get('/export', authorize('audit-log', 'read'), async (ctx) => {
    await respondWithExport(ctx, LIST, visible(ctx), { name: 'audit-log', columns: auditExportColumns(requestLanguage(ctx, approvedUser(ctx))) });
  });

  return router;
}
