import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import InboxIcon from '@mui/icons-material/Inbox';
import { useTranslate } from 'react-admin';

/** What a list shows when it has no rows at all: a sentence, a hint and the add action if allowed. */
export const EmptyState = ({ message, hint, action }: { message: string; hint?: string; action?: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box
      data-testid="empty-state"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1.5, paddingBlock: 6, paddingInline: 2, color: 'text.secondary', flex: 1 }}
    >
      <InboxIcon sx={{ fontSize: 56, opacity: 0.5 }} />
      <Typography variant="h6" component="p" color="text.primary">
        {translate(message)}
      </Typography>
      {hint && <Typography variant="body2">{translate(hint)}</Typography>}
      {action}
    </Box>
  );
};
