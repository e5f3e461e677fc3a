import { Box, Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A container's milestone as a badge, with a "Late" one beside it when its arrival is late. */
export const ContainerStatusChip = ({ status, late }: { status: string; late?: boolean }) => {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
      <Chip size="small" variant="outlined" color={status === 'BOOKED' ? 'default' : 'primary'} label={translate(`containerStatus.${status}`, { _: status })} data-testid="container-status" data-status={status} />
      {late && <Chip size="small" color="warning" label={translate('milestones.late')} data-testid="container-late" />}
    </Box>
  );
};
