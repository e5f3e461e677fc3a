import type { ReactElement, ReactNode } from 'react';
import { Box, Card, CardContent, Skeleton, useMediaQuery, type Theme } from '@mui/material';
import { ListNoResults, RecordContextProvider, useListContext, type RaRecord } from 'react-admin';

/**
 * The body of a react-admin <List>: the DataTable from the 'sm' breakpoint up, one stacked card per
 * record below it. A table at 390 px showed two columns and hid status, dates and actions behind
 * sideways scrolling; a card shows them all. Each card renders inside the record's context, so the
 * row actions (delete, edit dialogs, downloads) are the very components the table uses.
 * `testId` names the cards' list as the table is named, so a page reads the same in both layouts.
 * Bulk selection stays a table feature: phones have no checkboxes.
 */
export const ResponsiveList = ({
  table,
  card,
  testId,
}: {
  table: ReactElement;
  card: (record: RaRecord) => ReactNode;
  testId: string;
}) => {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return isPhone ? <RecordCards card={card} testId={testId} /> : table;
};

const RecordCards = ({ card, testId }: { card: (record: RaRecord) => ReactNode; testId: string }) => {
  const { data, isPending } = useListContext();
  if (isPending) {
    return (
      <Box data-testid={`${testId}-loading`} sx={{ display: 'grid', gap: 1, padding: 1 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={112} />
        ))}
      </Box>
    );
  }
  // The list's own empty state covers "nothing at all"; this is "nothing matches the filters".
  if (!data || data.length === 0) return <ListNoResults />;
  return (
    <Box component="ul" data-testid={testId} data-layout="cards" sx={{ listStyle: 'none', margin: 0, padding: 1, display: 'grid', gap: 1 }}>
      {data.map((record) => (
        <Box component="li" key={record.id} data-testid="record-card" sx={{ minWidth: 0 }}>
          <RecordContextProvider value={record}>
            <Card variant="outlined">
              <CardContent sx={{ padding: 1.5, '&:last-child': { paddingBottom: 1.5 } }}>{card(record)}</CardContent>
            </Card>
          </RecordContextProvider>
        </Box>
      ))}
    </Box>
  );
};
