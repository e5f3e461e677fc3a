import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LanguageSwitch } from '../account/LanguageSwitch';
import { Logo } from '../common/Logo';

/** The frame of the pages outside the layout (/auth, /waiting-approval): no header, a language switch. */
export const AuthFrame = ({ children, testId }: { children: ReactNode; testId: string }) => {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      data-testid={testId}
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 2,
        background: (theme) =>
          theme.palette.mode === 'dark' ? `linear-gradient(160deg, #1a2633 0%, ${theme.palette.background.default} 60%)` : 'linear-gradient(160deg, #e8eef5 0%, #f5f6f8 60%)',
      }}
    >
      <Box sx={{ position: 'fixed', top: 12, insetInlineEnd: 12 }}>
        <LanguageSwitch variant="outlined" color="primary" sx={{ backgroundColor: 'background.paper' }} />
      </Box>
      <Card sx={{ width: '100%', maxWidth: 440, marginBlockStart: { xs: 6, sm: 0 } }} elevation={3}>
        <CardContent sx={{ padding: { xs: 2.5, sm: 4 } }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, marginBlockEnd: 2, color: 'primary.main' }}>
            <Logo size={56} />
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
              {translate('app.name')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              {translate('app.tagline')}
            </Typography>
          </Box>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
};
