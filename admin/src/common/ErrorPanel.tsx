import type { ReactNode } from 'react';
import { Alert, Box } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** A page that cannot show its record: the reason, and a way back. */
export const ErrorPanel = ({ message, title, action }: { message: string; title?: string; action?: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ paddingBlock: 2, maxWidth: 720 }}>
      {title && <Title title={translate(title)} />}
      <Alert severity="error" data-testid="page-error" action={action} sx={{ alignItems: 'center' }}>
        {translate(message, { _: message })}
      </Alert>
    </Box>
  );
};
