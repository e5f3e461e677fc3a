import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The product mark; `withName` adds the product name beside it. Never taller than 60 px. */
export const Logo = ({ size = 40, withName = false }: { size?: number; withName?: boolean }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <Box
        component="img"
        src="/logo.svg"
        alt={translate('app.logoAlt')}
        sx={{ height: Math.min(size, 60), maxHeight: 60, width: 'auto', flexShrink: 0, display: 'block' }}
      />
      {withName && (
        <Typography variant="subtitle1" component="span" noWrap sx={{ fontWeight: 700, color: 'inherit' }}>
          {translate('app.name')}
        </Typography>
      )}
    </Box>
  );
};
