import { Chip } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { useInput, useTranslate } from 'react-admin';

/**
 * The vehicle list's quick filter "Overdue documents" ({"documentsOverdue": true}, one range of an
 * index in the API): a chip that is on or off, beside the search, rather than a yes/no select
 * whose "no" nobody asks for. The dashboard's overdue count links to the same filter.
 */
export const OverdueDocumentsFilter = ({ source, label }: { source: string; label: string; alwaysOn?: boolean }) => {
  const translate = useTranslate();
  const { field } = useInput({ source });
  const on = field.value === true || field.value === 'true';
  return (
    <Chip
      label={translate(label)}
      icon={on ? <CheckIcon /> : undefined}
      color={on ? 'error' : 'default'}
      variant={on ? 'filled' : 'outlined'}
      onClick={() => field.onChange(on ? undefined : true)}
      aria-pressed={on}
      data-testid="filter-overdue"
      sx={{ marginBlockEnd: 1, alignSelf: 'center' }}
    />
  );
};
