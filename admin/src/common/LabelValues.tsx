import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export type LabelValue = { label: string; value: ReactNode; testId?: string };

/** Whether a value has something to show: empty text, null and undefined are left out. */
export const hasValue = (value: unknown): boolean => value !== null && value !== undefined && value !== false && !(typeof value === 'string' && value.trim() === '');

/**
 * Read-only facts as label and value (a description list): two columns on wide screens, the label
 * above its value on phones. Rows without a value are not shown, so a reader never meets empty boxes.
 */
export const LabelValues = ({ items, testId }: { items: LabelValue[]; testId?: string }) => {
  const translate = useTranslate();
  const shown = items.filter((item) => hasValue(item.value));
  if (!shown.length) return null;
  return (
    <Box
      component="dl"
      data-testid={testId}
      sx={{ margin: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(8rem, max-content) 1fr' }, columnGap: 3, rowGap: { xs: 0, sm: 1.25 } }}
    >
      {shown.map((item) => (
        <Box key={item.label} sx={{ display: 'contents' }} data-testid={item.testId}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ marginBlockStart: { xs: 1, sm: 0 } }}>
            {translate(item.label)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ margin: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
            {item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};
