import { AutocompleteInput, ReferenceInput, required } from 'react-admin';

/** The company of a user: searched by name or code, required. */
export const CompanyInput = () => (
  <ReferenceInput source="companyId" reference="companies" sort={{ field: 'name', order: 'ASC' }} perPage={50}>
    <AutocompleteInput
      label="resources.users.fields.companyId"
      optionText={(company) => `${company.name} (${company.code})`}
      filterToQuery={(q: string) => ({ q })}
      validate={required()}
      fullWidth
    />
  </ReferenceInput>
);
