import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, Divider } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A titled card of a detail page (an h2, so the page reads as an outline). */
export const Section = ({ title, action, children, testId }: { title: string; action?: ReactNode; children: ReactNode; testId?: string }) => {
  const translate = useTranslate();
  return (
    <Card component="section" data-testid={testId} sx={{ overflow: 'visible' }}>
      <CardHeader
        title={translate(title)}
        action={action}
        slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }}
        sx={{ paddingBlockEnd: 1, '& .MuiCardHeader-action': { alignSelf: 'center', margin: 0 } }}
      />
      <Divider />
      <CardContent>{children}</CardContent>
    </Card>
  );
};
