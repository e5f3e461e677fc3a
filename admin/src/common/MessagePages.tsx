import type { ReactNode } from 'react';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import HomeIcon from '@mui/icons-material/Home';
import LockIcon from '@mui/icons-material/Lock';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router';

/** A centred message card: the frame of the 404 and unauthorized pages. */
const MessagePage = ({ icon, title, children, testId }: { icon: ReactNode; title: string; children?: ReactNode; testId: string }) => (
  <Box sx={{ display: 'flex', justifyContent: 'center', paddingBlock: { xs: 3, sm: 6 } }} data-testid={testId}>
    <Card sx={{ maxWidth: 560, width: '100%' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 2, padding: 4 }}>
        <Box sx={{ color: 'text.secondary', '& svg': { fontSize: 56 } }}>{icon}</Box>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  </Box>
);

const BackHome = () => {
  const translate = useTranslate();
  return (
    <Button component={Link} to="/" variant="contained" startIcon={<HomeIcon />}>
      {translate('page.backToDashboard')}
    </Button>
  );
};

/** Any unknown path (SPEC.md §2). */
export const NotFound = () => {
  const translate = useTranslate();
  return (
    <MessagePage icon={<SearchOffIcon />} title={translate('page.notFoundTitle')} testId="not-found">
      <Title title={translate('page.notFoundTitle')} />
      <Typography color="text.secondary">{translate('page.notFoundText')}</Typography>
      <BackHome />
    </MessagePage>
  );
};

/** A page the signed-in role may not open: the server would refuse it too. */
export const Unauthorized = () => {
  const translate = useTranslate();
  return (
    <MessagePage icon={<LockIcon />} title={translate('page.unauthorized')} testId="unauthorized">
      <Title title={translate('ra.page.access_denied')} />
      <Typography color="text.secondary">{translate('page.unauthorizedHint')}</Typography>
      <BackHome />
    </MessagePage>
  );
};

