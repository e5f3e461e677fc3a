import type { Knex } from 'knex';
import { addColumns, dropColumns } from './helpers';

/**
 * The invoice defaults of a company's profile, which both invoice forms start from: the VAT rate
 * (0 %: exports are zero-rated, and a rate is a choice the seller makes) and the payment method
 * (wire transfer, how exporters are paid). Each column is added only if missing, so a run that
 * stopped halfway on MariaDB completes.
 */
export async function up(knex: Knex): Promise<void> {
  await addColumns(knex, 'companies', {
    invoiceTaxPercentage: (t) => t.decimal('invoiceTaxPercentage', 5, 2).notNullable().defaultTo(0),
    invoicePaymentMethod: (t) => t.string('invoicePaymentMethod', 20).notNullable().defaultTo('wireTransfer'),
  });
}

export const downLoses = "every company's default VAT rate and payment method of its invoices";

export async function down(knex: Knex): Promise<void> {
  await dropColumns(knex, 'companies', ['invoicePaymentMethod', 'invoiceTaxPercentage']);
}
