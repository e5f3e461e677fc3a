import type { Knex } from 'knex';

/**
 * Deletes a company and everything it owns in one transaction: a failure at any step rolls back
 * every step, on both engines. Children go first, explicitly, rather than trusting a long chain of
 * ON DELETE CASCADE; file chunks and status events follow their owners by cascade, and the users'
 * sessions are deleted with them. Ports are shared reference data and stay (their companyId is
 * cleared by the foreign key).
 */
export async function deleteCompanyWithData(db: Knex, companyId: number): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('invoices').where({ companyId }).delete();
    await trx('invoice_counters').where({ companyId }).delete();
    await trx('documents').where({ companyId }).delete();
    await trx('company_logos').where({ companyId }).delete();
    // Files by their record's company: what the company's vehicles and containers hold now.
    await trx('vehicle_files')
      .whereIn('vehicleId', trx('vehicles').where({ companyId }).select('id'))
      .orWhereIn('containerId', trx('containers').where({ companyId }).select('id'))
      .delete();
    await trx('vehicles').where({ companyId }).delete();
    await trx('containers').where({ companyId }).delete();
    await trx('sessions').whereIn('userId', trx('users').where({ companyId }).select('id')).delete();
    await trx('users').where({ companyId }).delete();
    await trx('companies').where({ id: companyId }).delete();
  });
}
