import { useState, type ReactNode } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, useDelete, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { errorMessage } from '../providers/errorMessage';

/**
 * Delete with confirmation as an icon (wide tables): the dialog names the record, the toast says
 * what happened, and a failure shows the server's reason or `errorFallback`.
 */
export const DeleteIconButton = ({
  resource,
  record,
  name,
  confirmTitle,
  confirmContent,
  successMessage,
  errorFallback,
}: {
  resource: string;
  record: RaRecord;
  /** What the record is called (a VIN, a container number), for the button's accessible name. */
  name: string;
  confirmTitle: ReactNode;
  confirmContent: string;
  successMessage: string;
  errorFallback: string;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [deleteOne, { isPending }] = useDelete();
  const label = translate('ra.action.delete');

  const confirm = () =>
    deleteOne(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify(successMessage, { type: 'success' });
        },
        onError: (error) => {
          setOpen(false);
          notify(errorMessage(error, translate, errorFallback), { type: 'error' });
        },
      },
    );

  return (
    <>
      <Tooltip title={label}>
        <span>
          <IconButton size="small" color="error" aria-label={`${label} ${name}`} onClick={() => setOpen(true)} disabled={isPending} data-testid="delete-button">
            <DeleteIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={confirmTitle}
        content={confirmContent}
        confirmColor="warning"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
