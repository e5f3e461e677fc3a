import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button, Confirm, useDelete, useNotify, useRecordContext, useResourceContext, useTranslate, type RaRecord } from 'react-admin';
import { errorMessage } from '../providers/errorMessage';
import { usePendingChanges } from '../providers/pendingChanges';
import { Name, useTranslateWith } from './Interpolate';

/** The message keys of one list's delete. */
export interface DeleteMessages {
  /** The dialog's title; its placeholder `titleParam` gets the record's name, set apart. */
  title: string;
  titleParam: string;
  /** The dialog's sentence under the title (what else goes, that it cannot be undone). */
  content: string;
  success: string;
  /** The toast of a failed delete; the server's reason replaces it when it has one (see `serverReason`). */
  failure: string;
}

/**
 * The delete action of a list row: a confirmation dialog that names the record, then the delete
 * (pessimistic: the row goes when the server agrees) and a toast. `iconOnly` for wide tables
 * (the tooltip and the accessible name 'Delete {name}' say what it does); otherwise react-admin's
 * labelled button. `serverReason: false` keeps the list's own failure sentence whatever the
 * server says (companies and ports have one that tells the user what to do).
 * `undoable`: after the confirmation the row goes at once and the toast offers Undo; the DELETE is
 * sent when the toast goes (react-admin's undoable mode). For records whose delete the server
 * refuses often (ports in use) or that take much with them (a company), the delete stays
 * pessimistic: the row goes when the server agrees.
 */
export const DeleteRecordButton = ({
  name,
  messages,
  iconOnly = true,
  serverReason = true,
  undoable = false,
  refusal,
}: {
  /** What the record is called (a VIN, a container number, a file name). */
  name: (record: RaRecord) => string;
  messages: DeleteMessages;
  iconOnly?: boolean;
  serverReason?: boolean;
  undoable?: boolean;
  /**
   * Asked before the confirmation: why the server would refuse this delete (a port in use), as a
   * sentence to show instead of asking; null to ask as usual.
   */
  refusal?: (record: RaRecord) => Promise<string | null>;
}) => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [deleteOne, { isPending }] = useDelete();
  const pending = usePendingChanges();
  const [checking, setChecking] = useState(false);
  if (!record || !resource) return null;
  const label = translate('ra.action.delete');
  const recordName = name(record);

  const ask = async () => {
    if (!refusal) return setOpen(true);
    setChecking(true);
    try {
      const reason = await refusal(record);
      if (reason) notify(reason, { type: 'warning' });
      else setOpen(true);
    } catch {
      // The check could not be made: ask anyway; the server still refuses a delete it must.
      setOpen(true);
    } finally {
      setChecking(false);
    }
  };

  const confirm = () =>
    deleteOne(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: undoable ? 'undoable' : 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          if (undoable) pending.describe([{ kind: 'delete', resource, name: recordName }]);
          notify(messages.success, { type: 'success', undoable });
        },
        onError: (error) => {
          setOpen(false);
          notify(serverReason ? errorMessage(error, translate, messages.failure) : messages.failure, { type: 'error' });
        },
      },
    );

  const button = iconOnly ? (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" color="error" aria-label={`${label} ${recordName}`} onClick={() => void ask()} disabled={isPending || checking} data-testid="delete-button">
          <DeleteIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  ) : (
    <Button label="ra.action.delete" color="error" aria-label={label} onClick={() => void ask()} disabled={isPending || checking} className="ra-delete-button" data-testid="delete-button">
      <DeleteIcon />
    </Button>
  );

  return (
    <>
      {button}
      <Confirm
        isOpen={open}
        loading={isPending}
        title={translateWith(messages.title, { [messages.titleParam]: <Name>{recordName}</Name> })}
        content={messages.content}
        confirmColor="warning"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
