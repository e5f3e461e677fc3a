import { Box, Chip, Tooltip } from '@mui/material';
import LockResetIcon from '@mui/icons-material/LockReset';
import { useTranslate } from 'react-admin';

/** pending approval / active / inactive (SPEC.md §4). */
export const UserStatusChip = ({ record }: { record: Record<string, any> }) => {
  const translate = useTranslate();
  if (record.pendingApproval) return <Chip size="small" color="warning" label={translate('status.pendingApproval')} />;
  return record.active ? (
    <Chip size="small" color="success" label={translate('status.active')} />
  ) : (
    <Chip size="small" variant="outlined" label={translate('status.inactive')} />
  );
};

/** The status, and a mark while a reset password waits to be replaced by the user (named by its tooltip). */
export const UserStatus = ({ record }: { record: Record<string, any> }) => {
  const translate = useTranslate();
  const mustChange = translate('status.mustChangePassword');
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'nowrap' }}>
      <UserStatusChip record={record} />
      {record.mustChangePassword && (
        <Tooltip title={mustChange}>
          <LockResetIcon role="img" aria-label={mustChange} aria-hidden={false} fontSize="small" color="warning" data-testid="must-change-password" />
        </Tooltip>
      )}
    </Box>
  );
};
