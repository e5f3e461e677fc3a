import type { Knex } from 'knex';
import { addColumns, dropColumns } from './helpers';

/** The actual date of each milestone after BOOKED (the planned ones are loadingDate and arrivalDate). */
const MILESTONE_COLUMNS = ['loadedAt', 'departedAt', 'arrivedAt', 'releasedAt'];

/**
 * Container milestones (issue 30): a container's `status` (BOOKED, LOADED, DEPARTED, ARRIVED,
 * RELEASED), the actual date of each milestone, and on a vehicle's status history the container
 * whose milestone made the change. That `containerId` has no foreign key: the history keeps its
 * cause after the container is deleted (the console then shows no number), and a column without a
 * constraint is one statement, so a run stopped halfway on MariaDB completes on the next start.
 */
export async function up(knex: Knex): Promise<void> {
  await addColumns(knex, 'containers', {
    status: (t) => t.string('status', 12).notNullable().defaultTo('BOOKED'),
    ...Object.fromEntries(MILESTONE_COLUMNS.map((name) => [name, (t: Knex.AlterTableBuilder) => t.string(name, 30).nullable()])),
  });
  await addColumns(knex, 'vehicle_status_events', { containerId: (t) => t.integer('containerId').unsigned().nullable() });
}

export const downLoses = 'every container’s milestone status and dates, and which container moved each vehicle';

export async function down(knex: Knex): Promise<void> {
  await dropColumns(knex, 'vehicle_status_events', ['containerId']);
  await dropColumns(knex, 'containers', ['status', ...MILESTONE_COLUMNS]);
}
