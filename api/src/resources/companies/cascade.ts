import type { Knex } from 'knex';
import { Company } from './model';
import { CompanyLogo } from './logoModel';
import { Container } from '../containers/model';
import { Document } from '../documents/model';
import { VehicleFile } from '../files/model';
import { s3KeysOf, s3KeysOfRows } from '../files/objects';
import { Invoice } from '../invoices/model';
import { User } from '../users/model';
import { Vehicle } from '../vehicles/model';
import { dropFiguresOfCompany } from './bulkRows';
import { writeTransaction } from '../writeTransaction';
import { recordEvent, type AuditActor } from '../auditLog/record';

/**
 * Deletes a company and everything it owns in one transaction: a failure at any step rolls back
 * every step, on both engines. Children go first, explicitly, rather than trusting a long chain of
 * ON DELETE CASCADE; file chunks and status events follow their owners by cascade, and the users'
 * sessions are deleted with them. Its record of events stays. Ports are shared reference data and
 * stay (their companyId is cleared by the foreign key). Answers the S3 keys of what it held there
 * (files, documents, invoices' PDFs, logo), whose objects the caller removes after the commit.
 */
export async function deleteCompanyWithData(db: Knex, companyId: number, actor: AuditActor): Promise<string[]> {
  return writeTransaction(db, async (trx) => {
    const company = await Company.query(trx).findById(companyId).select('id', 'name', 'code');
    // The S3 keys of its invoices' PDFs, documents and logo, like its files' below: recorded as
    // pending removal here (the sweep's if the removal fails), removed after the commit.
    const storageKeys: string[] = [];
    for (const rows of [Invoice.query(trx).where({ companyId }), Document.query(trx).where({ companyId }), CompanyLogo.query(trx).where({ companyId })]) {
      storageKeys.push(...(await s3KeysOfRows(trx, rows)));
    }
    await Invoice.query(trx).where({ companyId }).delete();
    // The invoice numbering's counters (invoices/numbering.ts) are no resource's rows.
    await trx('invoice_counters').where({ companyId }).delete();
    await Document.query(trx).where({ companyId }).delete();
    await CompanyLogo.query(trx).where({ companyId }).delete();
    // Files by their record's company: what the company's vehicles and containers hold now. Their
    // S3 objects are removed by the caller after the commit (files/objects.ts).
    const ofCompany = (q: ReturnType<typeof VehicleFile.query>) =>
      q.where((w) => w.whereIn('vehicleId', Vehicle.query(trx).where({ companyId }).select('id')).orWhereIn('containerId', Container.query(trx).where({ companyId }).select('id')));
    storageKeys.push(...(await s3KeysOf(trx, ofCompany)));
    await ofCompany(VehicleFile.query(trx)).delete();
    // The counts and the search index are kept by the writers (no triggers): they go first.
    await dropFiguresOfCompany(trx, companyId);
    await Vehicle.query(trx).where({ companyId }).delete();
    await Container.query(trx).where({ companyId }).delete();
    // The session store's table (http/session.ts): the sessions of the users about to go.
    await trx('sessions').whereIn('userId', User.query(trx).where({ companyId }).select('id').toKnexQuery()).delete();
    await User.query(trx).where({ companyId }).delete();
    await Company.query(trx).deleteById(companyId);
    // One event for the company and all it held; its earlier events stay (audit_events has no
    // foreign key), so what happened in it can still be read.
    if (company) {
      await recordEvent(trx, {
        actor, action: 'delete', entity: 'companies', entityId: companyId, companyId,
        changes: { name: { from: company.name, to: null }, code: { from: company.code, to: null } },
      });
    }
    return storageKeys;
  });
}
