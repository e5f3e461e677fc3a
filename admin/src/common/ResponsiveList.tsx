import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { Box, Card, CardContent, Skeleton, useMediaQuery, type Theme } from '@mui/material';
import { ListNoResults, RecordContextProvider, useListContext, type RaRecord } from 'react-admin';
import { CardsBulkBar, CardsSelectable, CardsToolbar } from './CardSelection';
import { sortableSources, type TableProps } from './tableColumns';

/**
 * The body of a react-admin list (a <List> or a ReferenceManyField): the DataTable from the 'sm'
 * breakpoint up, one stacked card per record below it. A table at 390 px showed two columns and
 * hid status, dates and actions behind sideways scrolling; a card shows them all. Each card renders
 * inside the record's context, so the row actions (delete, edit dialogs, downloads) are the very
 * components the table uses.
 * What the table can do, the cards can too, read from the table element itself so the two never
 * drift apart: the same sorts (its sortable columns, or `sortFields` where the list's default
 * order is not a column) in a sort menu, the same bulk actions (`bulkActionButtons`) on cards
 * selected by their checkboxes, and the table's `empty` when nothing matches.
 * `testId` names the cards' list as the table is named, so a page reads the same in both layouts.
 */
export const ResponsiveList = ({
  table,
  card,
  testId,
  sortFields,
}: {
  table: ReactElement<TableProps>;
  card: (record: RaRecord) => ReactNode;
  testId: string;
  sortFields?: string[];
}) => {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (!isPhone) return table;
  const { bulkActionButtons, empty } = table.props;
  return (
    <RecordCards
      card={card}
      testId={testId}
      sortFields={sortFields ?? sortableSources(table)}
      bulkActions={isValidElement(bulkActionButtons) ? bulkActionButtons : undefined}
      empty={empty}
    />
  );
};

const RecordCards = ({
  card,
  testId,
  sortFields,
  bulkActions,
  empty,
}: {
  card: (record: RaRecord) => ReactNode;
  testId: string;
  sortFields: string[];
  bulkActions?: ReactElement;
  empty?: ReactNode;
}) => {
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
  if (!data || data.length === 0) return empty ? <>{empty}</> : <ListNoResults />;
  return (
    <CardsSelectable value={!!bulkActions}>
      <CardsToolbar sortFields={sortFields} />
      <Box component="ul" data-testid={testId} data-layout="cards" sx={{ listStyle: 'none', margin: 0, padding: 1, paddingBlockStart: 0, display: 'grid', gap: 1 }}>
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
      {bulkActions && <CardsBulkBar>{bulkActions}</CardsBulkBar>}
    </CardsSelectable>
  );
};
