import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { can } from '@domain/permissions';
import { useCurrentUser } from '../providers/useCurrentUser';
import { companyLogoUrl } from '../companyProfile/api';

/**
 * The sheet's letterhead: the record's company by name, with its invoice logo when it has one and
 * the reader may see it (the logo is part of the invoice profile, read by administrators only).
 */
export const PrintCompany = ({ companyId, companyName }: { companyId?: number | null; companyName?: string | null }) => {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const readsLogo = !!companyId && can(user?.role, 'companyProfile', 'read');
  const { data: company } = useGetOne<{ id: number; name: string; hasLogo?: boolean }>('companies', { id: companyId! }, { enabled: readsLogo });
  // A new address each time the page opens, so a logo changed since is not taken from the cache.
  const [version] = useState(() => Date.now());
  const [failed, setFailed] = useState(false);
  const name = companyName || company?.name;
  const showsLogo = readsLogo && !!company?.hasLogo && !failed;
  if (!name && !showsLogo) return <Box />;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }} data-testid="print-company">
      {showsLogo && (
        <Box
          component="img"
          src={companyLogoUrl(companyId!, version)}
          alt={translate('companyProfile.logoAlt', { name: name ?? '' })}
          onError={() => setFailed(true)}
          data-testid="print-logo"
          sx={{ maxHeight: '16mm', maxWidth: '45mm', objectFit: 'contain', display: 'block' }}
        />
      )}
      {name && (
        <Typography component="div" dir="auto" sx={{ fontSize: '12pt', fontWeight: 700 }}>
          {name}
        </Typography>
      )}
    </Box>
  );
};
