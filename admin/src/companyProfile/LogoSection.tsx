import { useState } from 'react';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Section } from '../common/Section';
import { UploadButton } from '../files/UploadButton';
import { requestErrorText } from '../providers/errorMessage';
import { statusOf } from '../providers/http';
import { LOGO_ACCEPT, logoFileProblem, type CompanyProfile } from './profile';
import { companyLogoUrl, deleteCompanyLogo, uploadCompanyLogo } from './api';
import { SELLER_QUERY_KEY, companyProfileKey } from './useCompanyProfile';
import { subtleSurface } from '../common/surfaces';

/** The preview: the logo as the API serves it, on a light frame (a white logo stays visible). */
const LogoPreview = ({ company, version }: { company: CompanyProfile; version: number }) => {
  const translate = useTranslate();
  const [failed, setFailed] = useState<number | null>(null);
  const frame = {
    height: 140,
    borderRadius: 1,
    border: '1px dashed',
    borderColor: 'divider',
    backgroundColor: subtleSurface,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 1,
    padding: 1.5,
    color: 'text.secondary',
  } as const;
  if (!company.hasLogo || failed === version) {
    return (
      <Box sx={frame} data-testid="company-logo-empty">
        <ImageIcon fontSize="large" />
        <Typography variant="body2">{translate(company.hasLogo ? 'companyProfile.logoUnavailable' : 'companyProfile.noLogo')}</Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ ...frame, borderStyle: 'solid' }}>
      <Box
        component="img"
        src={companyLogoUrl(company.id, version)}
        alt={translate('companyProfile.logoAlt', { name: company.name })}
        onError={() => setFailed(version)}
        data-testid="company-logo"
        sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }}
      />
    </Box>
  );
};

/** The company's logo: preview, upload (replaces), remove after a confirmation. */
export const LogoSection = ({ company }: { company: CompanyProfile }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  // Part of the logo's address: a new value after each change, so no cached logo is shown.
  const [version, setVersion] = useState(() => Date.now());
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [confirming, setConfirming] = useState(false);

  const changed = async (hasLogo: boolean) => {
    queryClient.setQueryData(companyProfileKey(company.id), (current: CompanyProfile | undefined) => (current ? { ...current, hasLogo } : current));
    setVersion(Date.now());
    await queryClient.invalidateQueries({ queryKey: SELLER_QUERY_KEY });
  };

  const upload = async ([file]: File[]) => {
    const problem = logoFileProblem(file);
    if (problem) {
      notify(problem, { type: 'error' });
      return;
    }
    setBusy('upload');
    try {
      await uploadCompanyLogo(company.id, file);
      await changed(true);
      notify('companyProfile.logoUploaded', { type: 'success' });
    } catch (error) {
      // The server's own checks (type by content, size) in the page's language.
      const status = statusOf(error);
      const known = status === 415 ? 'companyProfile.logoWrongType' : status === 413 ? 'companyProfile.logoTooLarge' : undefined;
      notify(known ?? requestErrorText(error, translate, 'companyProfile.logoUploadFailed'), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('remove');
    try {
      await deleteCompanyLogo(company.id);
      await changed(false);
      notify('companyProfile.logoRemoved', { type: 'success' });
    } catch (error) {
      notify(requestErrorText(error, translate, 'companyProfile.logoRemoveFailed'), { type: 'error' });
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  };

  return (
    <Section title="companyProfile.logo" testId="company-logo-section">
      <Typography variant="body2" color="text.secondary" sx={{ marginBlockEnd: 1.5 }}>
        {translate('companyProfile.logoHint')}
      </Typography>
      <LogoPreview company={company} version={version} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, marginBlockStart: 1.5 }}>
        <UploadButton
          label={company.hasLogo ? 'companyProfile.replaceLogo' : 'companyProfile.uploadLogo'}
          accept={LOGO_ACCEPT}
          busy={busy === 'upload'}
          onFiles={upload}
          testId="logo-upload"
          variant={company.hasLogo ? 'outlined' : 'contained'}
          single
        />
        {company.hasLogo && (
          <Button
            size="small"
            color="error"
            startIcon={busy === 'remove' ? <CircularProgress size={16} color="inherit" /> : <DeleteIcon />}
            disabled={busy !== null}
            onClick={() => setConfirming(true)}
            data-testid="logo-remove"
          >
            {translate('companyProfile.removeLogo')}
          </Button>
        )}
      </Box>
      <Confirm
        isOpen={confirming}
        loading={busy === 'remove'}
        title="companyProfile.removeLogoTitle"
        content="companyProfile.removeLogoConfirm"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </Section>
  );
};
