import { AutocompleteInput, ReferenceInput, required } from 'react-admin';

/**
 * The company of a record (a user, a vehicle, a container): searched by name or code, required.
 * Only a SUPER_ADMIN sees it; everyone else works inside their own company.
 */
export const CompanyInput = ({ source = 'companyId', onChange }: { source?: string; onChange?: (value: unknown) => void }) => (
  <ReferenceInput source={source} reference="companies" sort={{ field: 'name', order: 'ASC' }} perPage={50}>
    <AutocompleteInput
      label="resources.users.fields.companyId"
      optionText={(company) => `${company.name} (${company.code})`}
      filterToQuery={(q: string) => ({ q })}
      validate={required()}
      onChange={onChange}
      fullWidth
    />
  </ReferenceInput>
);
