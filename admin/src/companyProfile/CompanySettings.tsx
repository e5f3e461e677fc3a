import type { ReactNode } from 'react';
import { Box, Button, Chip, Grid, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Title, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router';
import { RequireAccess } from '../common/RequireAccess';
import { LoadingScreen } from '../common/LoadingScreen';
import { useCurrentUser } from '../providers/useCurrentUser';
import { statusOf } from '../providers/http';
import { errorMessage } from '../providers/errorMessage';
import { ErrorPanel } from '../common/ErrorPanel';
import { Ltr } from '../common/Fields';
import { LogoSection } from './LogoSection';
import { ProfileSection } from './ProfileSection';
import { useCompanyProfile } from './useCompanyProfile';

const BackToCompanies = () => {
  const translate = useTranslate();
  return (
    <Button component={Link} to="/companies" startIcon={<ArrowBackIcon sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />}>
      {translate('companyProfile.backToCompanies')}
    </Button>
  );
};

const Retry = ({ onClick }: { onClick: () => void }) => {
  const translate = useTranslate();
  return (
    <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={onClick}>
      {translate('common.retry')}
    </Button>
  );
};

/** The settings of one company: its invoice details and its logo. */
const SettingsPage = ({ companyId, back }: { companyId: number; back?: ReactNode }) => {
  const translate = useTranslate();
  const { data: company, isPending, error, refetch } = useCompanyProfile(companyId);
  if (isPending) return <LoadingScreen />;
  if (error || !company) {
    const missing = statusOf(error) === 404 || !error;
    const message = missing ? 'companyProfile.notFound' : errorMessage(error, translate, 'companyProfile.loadFailed');
    return (
      <>
        {back && !missing && <Box sx={{ paddingBlockStart: 2 }}>{back}</Box>}
        <ErrorPanel title="companyProfile.title" message={message} action={missing ? back : <Retry onClick={() => refetch()} />} />
      </>
    );
  }
  return (
    <Box sx={{ paddingBlock: 2 }} data-testid="company-settings">
      <Title title={translate('companyProfile.title')} />
      {back && <Box sx={{ marginBlockEnd: 1 }}>{back}</Box>}
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {translate('companyProfile.title')}
        </Typography>
        <Chip
          variant="outlined"
          label={
            <>
              <bdi dir="auto">{company.name}</bdi>
              {company.code && (
                <>
                  {' · '}
                  <Ltr>{company.code}</Ltr>
                </>
              )}
            </>
          }
          data-testid="company-settings-name"
        />
      </Box>
      <Typography color="text.secondary" sx={{ marginBlock: 0.5, marginBlockEnd: 2, maxWidth: 760 }}>
        {translate('companyProfile.intro')}
      </Typography>
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, md: 8 }}>
          <ProfileSection company={company} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={2}>
            <LogoSection company={company} />
          </Stack>
        </Grid>
      </Grid>
    </Box>
  );
};

/** /company-settings: a company admin's own company (its menu entry). */
export const OwnCompanySettings = () => {
  const { user } = useCurrentUser();
  return (
    <RequireAccess resource="companyProfile" action="menu">
      {user?.companyId ? <SettingsPage companyId={user.companyId} /> : <ErrorPanel title="companyProfile.title" message="companyProfile.notFound" />}
    </RequireAccess>
  );
};

/** /companies/{id}/settings: any company's, from the companies list (which stays SUPER_ADMIN-only). */
export const CompanySettingsById = () => {
  const { id } = useParams();
  const valid = !!id && /^\d+$/.test(id) && Number(id) > 0 && Number(id) <= 2 ** 31 - 1;
  return (
    <RequireAccess resource="companies" action="menu">
      <RequireAccess resource="companyProfile" action="update">
        {valid ? (
          <SettingsPage key={id} companyId={Number(id)} back={<BackToCompanies />} />
        ) : (
          <ErrorPanel title="companyProfile.title" message="page.invalidRoute" action={<BackToCompanies />} />
        )}
      </RequireAccess>
    </RequireAccess>
  );
};
