import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { TopToolbar, useListContext } from 'react-admin';

/**
 * A list's toolbar whose buttons are inert until the first page has arrived. When that page is
 * empty, react-admin replaces the whole toolbar by the list's empty state, so a dialog opened from
 * the toolbar in the meantime (Add, Import) would vanish with it, its typing lost. The disabled
 * fieldset keeps the buttons in place (no jump) while it lasts, a fraction of a second.
 */
export const ListActionsToolbar = ({ children }: { children: ReactNode }) => {
  const { isPending } = useListContext();
  return (
    <TopToolbar>
      <Box component="fieldset" disabled={isPending} aria-busy={isPending} data-testid="list-actions" sx={{ display: 'contents' }}>
        {children}
      </Box>
    </TopToolbar>
  );
};
