import { useEffect } from 'react';
import { Alert, AlertTitle, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router';
import { LanguageSwitch } from '../account/LanguageSwitch';
import { Logo } from '../common/Logo';
import { statusOf } from '../providers/http';
import { fetchTrackingView } from './api';
import { TrackingDetails } from './TrackingDetails';

/** Unknown, expired or revoked links and refusals are answers, not failures to retry. */
const retryOnlyFailures = (count: number, error: unknown) => {
  const status = statusOf(error);
  return status !== 404 && status !== 429 && count < 2;
};

/**
 * /track/{token}: the page a buyer opens from a tracking link, without an account. Outside the
 * layout and the sign-in (App.tsx), on a narrow column that reads well on a phone, with the
 * language switch every public page has. Light or dark as the sign-in page is: no user to ask, so
 * this browser's stored choice, else the operating system's (docs/decisions.md); the page's
 * colours all come from the theme, so each mode keeps its measured contrast.
 */
const TrackingPage = () => {
  const translate = useTranslate();
  const { token = '' } = useParams();
  const query = useQuery({ queryKey: ['tracking', token], queryFn: () => fetchTrackingView(token), retry: retryOnlyFailures, staleTime: 60_000 });

  const pageTitle = translate('tracking.pageTitle');
  const appName = translate('app.name');
  useEffect(() => {
    document.title = `${pageTitle} · ${appName}`;
  }, [pageTitle, appName]);

  const status = statusOf(query.error);
  return (
    <Box component="main" data-testid="tracking-page" sx={{ minHeight: '100vh', backgroundColor: 'background.default' }}>
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, paddingInline: 2, paddingBlock: 1, backgroundColor: 'primary.main', color: 'primary.contrastText' }}
      >
        <Logo size={32} withName />
        <LanguageSwitch compact />
      </Box>
      <Box sx={{ maxWidth: 720, marginInline: 'auto', padding: 2 }}>
        {query.isPending && (
          <Stack spacing={2} sx={{ alignItems: 'center', paddingBlock: 6 }} role="status">
            <CircularProgress />
            <Typography color="text.secondary">{translate('tracking.loading')}</Typography>
          </Stack>
        )}
        {query.data && <TrackingDetails view={query.data} />}
        {query.isError && (status === 404 || status === 429) && (
          <Alert severity={status === 404 ? 'info' : 'warning'} data-testid="tracking-unavailable">
            <AlertTitle>{translate('tracking.notFoundTitle')}</AlertTitle>
            {translate(status === 404 ? 'tracking.notFound' : 'tracking.tooMany')}
          </Alert>
        )}
        {query.isError && status !== 404 && status !== 429 && (
          <Alert
            severity="error"
            data-testid="tracking-failed"
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                {translate('tracking.retry')}
              </Button>
            }
          >
            {translate('tracking.failed')}
          </Alert>
        )}
      </Box>
    </Box>
  );
};

export default TrackingPage;
