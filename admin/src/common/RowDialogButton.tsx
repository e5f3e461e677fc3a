import { useState, type ReactElement, type ReactNode } from 'react';
import { IconButton, Tooltip } from '@mui/material';

/**
 * A row's icon button (with its tooltip) that opens a dialog: rename a company, edit a port, move
 * a user, change a role. `dialog` draws the dialog, open or closed, and is handed how to close it.
 */
export const RowDialogButton = ({
  label,
  ariaLabel = label,
  icon,
  testId,
  dialog,
}: {
  label: string;
  /** What a screen reader says: the label with the row's name, where the row has one. */
  ariaLabel?: string;
  icon: ReactElement;
  testId: string;
  dialog: (open: boolean, close: () => void) => ReactNode;
}) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={label}>
        <IconButton size="small" color="primary" aria-label={ariaLabel} onClick={() => setOpen(true)} data-testid={testId}>
          {icon}
        </IconButton>
      </Tooltip>
      {dialog(open, () => setOpen(false))}
    </>
  );
};
