import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Full-height spinner while the current user (or a page's code) loads. */
export const LoadingScreen = ({ label = 'common.loading' }: { label?: string }) => {
  const translate = useTranslate();
  const text = translate(label, { _: 'Loading' });
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight: '60vh', height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}
    >
      <CircularProgress aria-label={text} />
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
};
