import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** One titled part of the printed sheet (an h2 under the sheet's h1). */
export const PrintSection = ({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box component="section" data-testid={testId} sx={{ breakInside: 'avoid' }}>
      <Typography component="h2" sx={{ fontSize: '10.5pt', fontWeight: 700, borderBottom: '1px solid #bbb', paddingBlockEnd: 0.25, marginBlockEnd: 0.75 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
};

/** What a cut list left out: "+3 more" (or a message of its own, e.g. for the history). */
export const PrintMore = ({ count, message = 'print.more' }: { count: number; message?: string }) => {
  const translate = useTranslate();
  if (count <= 0) return null;
  return (
    <Typography component="p" sx={{ fontSize: '8.5pt', color: '#555', margin: 0, marginBlockStart: 0.5 }} data-testid="print-more">
      {translate(message, { smart_count: count })}
    </Typography>
  );
};

/** A list's empty text on paper. */
export const PrintEmpty = ({ message }: { message: string }) => {
  const translate = useTranslate();
  return (
    <Typography component="p" sx={{ fontSize: '9pt', color: '#555', margin: 0 }}>
      {translate(message)}
    </Typography>
  );
};

/** Table cells of the sheet: compact, ruled, aligned to the start edge in either direction. */
export const printTableSx = {
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: '9pt',
  '& th': { textAlign: 'start', fontWeight: 600, color: '#444', borderBottom: '1px solid #999', paddingBlock: '2px', paddingInlineEnd: '8px' },
  '& td': { textAlign: 'start', borderBottom: '1px solid #ddd', paddingBlock: '2px', paddingInlineEnd: '8px', verticalAlign: 'top' },
  '& tr': { breakInside: 'avoid' },
} as const;
