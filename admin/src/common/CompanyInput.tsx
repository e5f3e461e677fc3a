import { AutocompleteInput, ReferenceInput, required, type RaRecord, type Validator } from 'react-admin';
import { isolateText } from './Bidi';

/**
 * The company of a record (a user, a vehicle, a container, a port): searched by name or code,
 * required unless `optional` (a port without a company is shared by all).
 * Only a SUPER_ADMIN sees it; everyone else works inside their own company.
 */
export const CompanyInput = ({
  source = 'companyId',
  onChange,
  optional = false,
  helperText,
  validate,
}: {
  source?: string;
  onChange?: (value: unknown, record?: RaRecord | '') => void;
  optional?: boolean;
  helperText?: string;
  /** A further rule (the move dialog refuses the current company). */
  validate?: Validator;
}) => (
  <ReferenceInput source={source} reference="companies" sort={{ field: 'name', order: 'ASC' }} perPage={50}>
    <AutocompleteInput
      label="resources.users.fields.companyId"
      optionText={(company) => `${isolateText(company.name)} (${company.code})`}
      filterToQuery={(q: string) => ({ q })}
      validate={[...(optional ? [] : [required()]), ...(validate ? [validate] : [])]}
      onChange={onChange}
      helperText={helperText}
      fullWidth
    />
  </ReferenceInput>
);
