import { Box, Button, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useResetErrorBoundaryOnLocationChange, useTranslate } from 'react-admin';

/** What shows if a page outside the layout crashes: a plain message and a way out. */
export const ErrorPage = ({ error, resetErrorBoundary }: { error: Error; resetErrorBoundary: (...args: unknown[]) => void }) => {
  const translate = useTranslate();
  useResetErrorBoundaryOnLocationChange(resetErrorBoundary);
  return (
    <Box role="alert" sx={{ minHeight: '60vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, padding: 3, textAlign: 'center' }}>
      <Typography variant="h5" component="h1">
        {translate('ra.page.error')}
      </Typography>
      <Typography color="text.secondary">{error.message}</Typography>
      <Button variant="contained" startIcon={<RefreshIcon />} onClick={() => window.location.reload()}>
        {translate('ra.action.refresh')}
      </Button>
    </Box>
  );
};
