import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { hasValue, type LabelValue } from '../common/LabelValues';

/**
 * The record's key facts as label and value, four to a row; facts nobody entered are left out.
 * A fact marked `wide` (notes) takes the whole row and at most a few lines.
 */
export const PrintFacts = ({ items, testId }: { items: (LabelValue & { wide?: boolean })[]; testId?: string }) => {
  const translate = useTranslate();
  const shown = items.filter((item) => hasValue(item.value));
  if (!shown.length) return null;
  return (
    <Box component="dl" data-testid={testId} sx={{ margin: 0, display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', columnGap: 2, rowGap: 0.75 }}>
      {shown.map((item) => (
        <Box key={item.label} data-testid={item.testId} sx={{ minWidth: 0, gridColumn: item.wide ? '1 / -1' : undefined }}>
          <Typography component="dt" sx={{ fontSize: '7.5pt', color: '#555' }}>
            {translate(item.label)}
          </Typography>
          <Typography
            component="dd"
            sx={{
              margin: 0,
              fontSize: '9.5pt',
              fontWeight: 500,
              overflowWrap: 'anywhere',
              ...(item.wide ? { whiteSpace: 'pre-wrap', display: '-webkit-box', WebkitLineClamp: 4, WebkitBoxOrient: 'vertical', overflow: 'hidden', fontWeight: 400 } : {}),
            }}
          >
            {item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};
