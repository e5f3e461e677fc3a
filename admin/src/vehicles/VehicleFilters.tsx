import { AutocompleteInput, ReferenceInput, SearchInput, SelectInput, useTranslate } from 'react-admin';
import { VEHICLE_BUYER_ROLES, type Role } from '@domain/roles';
import { can, seesEveryCompany } from '@domain/permissions';
import { showEmptyChoice } from '../common/Fields';
import { DatePickerInput } from '../common/DatePickerInput';
import { statusChoices } from './status';
import { isolateText } from '../common/Bidi';
import { OverdueDocumentsFilter } from './OverdueDocumentsFilter';

const byText = (q: string) => ({ q });
const wide = { minWidth: 220 } as const;

/**
 * The vehicle list's filters. Search, status and the "Overdue documents" chip are always shown; the others are added from
 * "Add filter", each to whom it makes sense: the company for a SUPER_ADMIN (everyone else sees
 * one company), the buyer to those who may read users (GET /api/users is for administrators), the
 * container to those who see containers, the dates to everyone. The API filters companyId,
 * buyerId, containerId and createdAt_gte/_lte within the caller's scope.
 */
export function useVehicleFilters(role: Role | null | undefined) {
  const translate = useTranslate();
  const everyCompany = seesEveryCompany(role);
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('vehicles.searchHint')} sx={{ width: { xs: '100%', sm: 300 } }} />,
    <SelectInput key="status" source="status" label="vehicles.filterStatus" alwaysOn emptyText="common.all" choices={statusChoices} slotProps={showEmptyChoice} />,
    <OverdueDocumentsFilter key="documentsOverdue" source="documentsOverdue" label="vehicles.filterOverdue" alwaysOn />,
    ...(everyCompany
      ? [
          <ReferenceInput key="companyId" source="companyId" label="vehicles.filterCompany" reference="companies" sort={{ field: 'name', order: 'ASC' }} perPage={50}>
            <AutocompleteInput label="vehicles.filterCompany" optionText={(company) => `${isolateText(company.name)} (${company.code})`} filterToQuery={byText} sx={wide} data-testid="filter-company" />
          </ReferenceInput>,
        ]
      : []),
    ...(can(role, 'users', 'read')
      ? [
          <ReferenceInput key="buyerId" source="buyerId" label="vehicles.filterBuyer" reference="users" filter={{ role: VEHICLE_BUYER_ROLES }} sort={{ field: 'username', order: 'ASC' }} perPage={50}>
            <AutocompleteInput
              label="vehicles.filterBuyer"
              optionText={(user) => (everyCompany && user.companyName ? `${isolateText(user.username)} · ${isolateText(user.companyName)}` : user.username)}
              filterToQuery={byText}
              sx={wide}
              data-testid="filter-buyer"
            />
          </ReferenceInput>,
        ]
      : []),
    ...(can(role, 'containers', 'read')
      ? [
          <ReferenceInput key="containerId" source="containerId" label="vehicles.filterContainer" reference="containers" sort={{ field: 'number', order: 'ASC' }} perPage={50}>
            <AutocompleteInput label="vehicles.filterContainer" optionText="number" filterToQuery={byText} sx={wide} data-testid="filter-container" />
          </ReferenceInput>,
        ]
      : []),
    <DatePickerInput key="createdAt_gte" source="createdAt_gte" label="vehicles.addedFrom" data-testid="filter-added-from" />,
    <DatePickerInput key="createdAt_lte" source="createdAt_lte" label="vehicles.addedUntil" data-testid="filter-added-until" />,
  ];
}
