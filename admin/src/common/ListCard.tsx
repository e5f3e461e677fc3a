import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Isolated } from './Bidi';
import { CardCheckbox, useCardsSelectable } from './CardSelection';

/** Typed text in its own direction (a company, a model, a buyer); elements isolate their own. */
const shown = (value: ReactNode) => (typeof value === 'string' ? <Isolated>{value}</Isolated> : value);

export interface CardFact {
  /** Message key of the label (the table's column header). */
  label: string;
  value: ReactNode;
  /** For tests and for readers of the markup: which field this is. */
  name: string;
}

/**
 * One record as a phone card (see ResponsiveList): its name (a link where the table's row has
 * one), its status chip beside it, its key facts as label and value, and the row's actions at
 * the card's end. Facts wrap instead of widening the page. Where the list has bulk actions, a
 * checkbox before the name selects the card.
 */
export const ListCard = ({ title, badge, facts, actions }: { title: ReactNode; badge?: ReactNode; facts: CardFact[]; actions?: ReactNode }) => {
  const translate = useTranslate();
  const selectable = useCardsSelectable();
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
          {selectable && <CardCheckbox />}
          <Box data-testid="card-title" sx={{ minWidth: 0, overflowWrap: 'anywhere', fontWeight: 600 }}>
            {shown(title)}
          </Box>
        </Box>
        {badge && <Box data-testid="card-status">{badge}</Box>}
      </Box>
      {facts.length > 0 && (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5, margin: 0, alignItems: 'baseline' }}>
          {facts.map((fact) => (
            <Box key={fact.name} sx={{ display: 'contents' }} data-fact={fact.name}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {translate(fact.label)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                {shown(fact.value)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {actions && (
        <Box data-testid="card-actions" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end', alignItems: 'center', borderTop: 1, borderColor: 'divider', paddingBlockStart: 1 }}>
          {actions}
        </Box>
      )}
    </Box>
  );
};
