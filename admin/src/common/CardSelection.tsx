import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Checkbox, FormControlLabel, IconButton, Paper, Typography } from '@mui/material';
import { lighten } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { SortButton, useGetRecordRepresentation, useListContext, useRecordContext, useTranslate } from 'react-admin';

/**
 * Selection and sorting for the phone cards of a list (see ResponsiveList), the table's header
 * checkbox, row checkboxes, bulk actions bar and sortable headers in a form that fits 390 px.
 * The selection is react-admin's own (the list context's selectedIds), so the bulk actions are
 * the very buttons the table shows and a selection survives a turn of the phone into a table.
 */

/** Whether the cards of the list being drawn can be selected (its table has bulk actions). */
const SelectableContext = createContext(false);
export const CardsSelectable = SelectableContext.Provider;
export const useCardsSelectable = () => useContext(SelectableContext);

/** A card's checkbox, named after its record ("Select 1HGCM…"). */
export const CardCheckbox = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  const { selectedIds, onToggleItem, resource } = useListContext();
  const represent = useGetRecordRepresentation(resource);
  if (!record) return null;
  const name = represent(record);
  return (
    <Checkbox
      size="small"
      checked={selectedIds.includes(record.id)}
      onChange={() => onToggleItem(record.id)}
      data-testid="card-select"
      slotProps={{ input: { 'aria-label': translate('cards.select', { name: typeof name === 'string' ? name : `#${record.id}` }) } }}
      sx={{ padding: 0.5, marginInlineStart: -0.5 }}
    />
  );
};

/**
 * Above the cards: "Select all" (this page's cards, as the table's header checkbox) where the list
 * has bulk actions, and the sort menu (react-admin's SortButton: an icon on phones, named after the
 * current order) with the fields the table sorts by.
 */
export const CardsToolbar = ({ sortFields }: { sortFields: string[] }) => {
  const translate = useTranslate();
  const selectable = useCardsSelectable();
  const { data = [], selectedIds, onSelect } = useListContext();
  const pageIds = data.map((record) => record.id);
  const selectedOnPage = pageIds.filter((id) => selectedIds.includes(id)).length;
  const allSelected = pageIds.length > 0 && selectedOnPage === pageIds.length;
  const toggleAll = () =>
    onSelect(allSelected ? selectedIds.filter((id) => !pageIds.includes(id)) : [...new Set([...selectedIds, ...pageIds])]);
  if (!selectable && sortFields.length === 0) return null;
  return (
    <Box data-testid="cards-toolbar" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, paddingInline: 1, minHeight: 48 }}>
      {selectable ? (
        <FormControlLabel
          sx={{ marginInlineStart: 0, minWidth: 0 }}
          control={
            <Checkbox
              size="small"
              checked={allSelected}
              indeterminate={selectedOnPage > 0 && !allSelected}
              onChange={toggleAll}
              data-testid="cards-select-all"
              sx={{ padding: 0.5 }}
            />
          }
          label={<Typography variant="body2">{translate('cards.selectAll')}</Typography>}
        />
      ) : (
        <span />
      )}
      {sortFields.length > 0 && <SortButton fields={sortFields} sx={{ flexShrink: 0 }} />}
    </Box>
  );
};

/**
 * The selected cards' actions, fixed at the bottom of the screen while anything is selected, so
 * they are at hand wherever the user has scrolled to. A spacer of the bar's height at the end of
 * the list keeps the last card and the pagination from being hidden under it.
 */
export const CardsBulkBar = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const { selectedIds, onUnselectItems } = useListContext();
  const bar = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  const count = selectedIds.length;
  const shown = count > 0;
  useEffect(() => {
    const element = bar.current;
    if (!shown || !element) return;
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);
  if (count === 0) return null;
  const label = translate('ra.action.bulk_actions', { smart_count: count });
  return (
    <>
      <Box aria-hidden sx={{ height }} />
      <Paper
        ref={bar}
        elevation={8}
        square
        role="toolbar"
        aria-label={label}
        data-testid="cards-bulk-actions"
        sx={{
          position: 'fixed',
          insetInline: 0,
          bottom: 0,
          zIndex: (theme) => theme.zIndex.appBar,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1,
          paddingInline: 1,
          paddingBlock: 0.5,
          paddingBlockEnd: 'max(4px, env(safe-area-inset-bottom))',
          backgroundColor: (theme) => lighten(theme.palette.primary.light, 0.85),
        }}
      >
        <IconButton size="small" color="primary" onClick={() => onUnselectItems()} aria-label={translate('ra.action.unselect')} title={translate('ra.action.unselect')}>
          <CloseIcon fontSize="small" />
        </IconButton>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="cards-selected-count">
          {label}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5, marginInlineStart: 'auto' }}>{children}</Box>
      </Paper>
    </>
  );
};
