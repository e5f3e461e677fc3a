import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import { statusColors, statusLabelKey } from './status';

/** The read-only badge of a shipping status, in the status's colours. */
export const StatusChip = ({ status, size = 'small' }: { status: string; size?: ChipProps['size'] }) => {
  const translate = useTranslate();
  const colors = statusColors(status);
  return (
    <Chip
      size={size}
      label={translate(statusLabelKey(status), { _: status })}
      data-testid="status-chip"
      data-status={status}
      sx={{ backgroundColor: colors.background, color: colors.text, fontWeight: 600, maxWidth: '100%' }}
    />
  );
};
