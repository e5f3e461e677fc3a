import { Chip, Tooltip } from '@mui/material';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { useLocale, useTranslate } from 'react-admin';
import { formatListDate } from '../common/dates';

/**
 * A list row's mark for a vehicle whose checklist misses a document past its due date: read from
 * the row itself (`documentsOverdue`, `documentsDueAt`), never a query of its own.
 */
export const OverdueDocumentsChip = ({ record }: { record: { documentsOverdue?: boolean; documentsDueAt?: string | null } }) => {
  const translate = useTranslate();
  const locale = useLocale();
  if (!record.documentsOverdue) return null;
  return (
    <Tooltip title={translate('vehicles.overdueSince', { date: formatListDate(record.documentsDueAt, locale) })}>
      <Chip
        size="small"
        color="error"
        variant="outlined"
        icon={<WarningIcon />}
        label={translate('vehicles.overdueDocuments')}
        data-testid="overdue-chip"
        sx={{ display: 'flex', width: 'fit-content', marginBlockStart: 0.5 }}
      />
    </Tooltip>
  );
};
