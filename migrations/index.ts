import type { Knex } from 'knex';
import * as initialSchema from './20261121000000_initial_schema';
import * as sessionUser from './20261121000100_session_user';
import * as vehicleStatusRecency from './20261121000200_vehicle_status_recency';
import * as dataVersion from './20261121000300_data_version';
import * as dropDataVersion from './20261124000100_drop_data_version';
import * as filesFollowTheirRecord from './20261124000200_files_follow_their_record';
import * as rateLimits from './20261124300100_rate_limits';
import * as companyInvoiceProfile from './20261124400100_company_invoice_profile';
import * as userAccount from './20261124500100_user_account';
import * as analysisImageCount from './20261124600100_analysis_image_count';
import * as listIndexes from './20261125000100_list_indexes';
import * as vehicleSearch from './20261125000200_vehicle_search';
import * as portCountryCodes from './20261126000100_port_country_codes';
import * as companyRowCounts from './20261126000200_company_row_counts';
import * as sortIndexes from './20261127000100_sort_indexes';
import * as idempotencyKeys from './20261128000100_idempotency_keys';
import * as writesKeepCountsAndSearch from './20261128000200_writes_keep_counts_and_search';
import * as serverHeartbeats from './20261128000300_server_heartbeats';
import * as containerMilestones from './20261129000100_container_milestones';
import * as documentChecklist from './20261129000200_document_checklist';
import * as trackingLinks from './20261130000100_tracking_links';
import * as auditEvents from './20261130000200_audit_events';
import * as notifications from './20261130000300_notifications';
import * as companyInvoiceDefaults from './20261130000400_company_invoice_defaults';
import * as vehicleStatusRank from './20261201000100_vehicle_status_rank';
import * as makeSpellings from './20261201000200_make_spellings';
import * as fileStorage from './20261201000300_file_storage';
import * as userTheme from './20261201000400_user_theme';
import * as documentInvoiceLogoStorage from './20261202000100_document_invoice_logo_storage';
import * as storagePendingKeys from './20261202000200_storage_pending_keys';
import * as vehicleSearchByCompany from './20261203000100_vehicle_search_by_company';

/**
 * Migrations are listed here rather than discovered on disk, so they load the same way under
 * tsx, vitest and the knex CLI. Add each new migration to the end of this list.
 */
const MIGRATIONS: Record<string, Knex.Migration & { downLoses?: string }> = {
  '20261121000000_initial_schema': initialSchema,
  '20261121000100_session_user': sessionUser,
  '20261121000200_vehicle_status_recency': vehicleStatusRecency,
  '20261121000300_data_version': dataVersion,
  '20261124000100_drop_data_version': dropDataVersion,
  '20261124000200_files_follow_their_record': filesFollowTheirRecord,
  '20261124300100_rate_limits': rateLimits,
  '20261124400100_company_invoice_profile': companyInvoiceProfile,
  '20261124500100_user_account': userAccount,
  '20261124600100_analysis_image_count': analysisImageCount,
  '20261125000100_list_indexes': listIndexes,
  '20261125000200_vehicle_search': vehicleSearch,
  '20261126000100_port_country_codes': portCountryCodes,
  '20261126000200_company_row_counts': companyRowCounts,
  '20261127000100_sort_indexes': sortIndexes,
  '20261128000100_idempotency_keys': idempotencyKeys,
  '20261128000200_writes_keep_counts_and_search': writesKeepCountsAndSearch,
  '20261128000300_server_heartbeats': serverHeartbeats,
  '20261129000100_container_milestones': containerMilestones,
  '20261129000200_document_checklist': documentChecklist,
  '20261130000100_tracking_links': trackingLinks,
  '20261130000200_audit_events': auditEvents,
  '20261130000300_notifications': notifications,
  '20261130000400_company_invoice_defaults': companyInvoiceDefaults,
  '20261201000100_vehicle_status_rank': vehicleStatusRank,
  '20261201000200_make_spellings': makeSpellings,
  '20261201000300_file_storage': fileStorage,
  '20261201000400_user_theme': userTheme,
  '20261202000100_document_invoice_logo_storage': documentInvoiceLogoStorage,
  '20261202000200_storage_pending_keys': storagePendingKeys,
  '20261203000100_vehicle_search_by_company': vehicleSearchByCompany,
};

/**
 * A migration, and when undoing it would drop what users saved, what that is (`downLoses`):
 * `npm run migrate -- rollback` then wants --force.
 */
export type Migration = Knex.Migration & { downLoses?: string };

/** The migrations this version knows, oldest first. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

export const migrationNamed = (name: string): Migration | undefined => MIGRATIONS[name];

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(MIGRATIONS),
  getMigrationName: (name) => name,
  getMigration: async (name) => MIGRATIONS[name],
};
