import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button, Confirm, useDeleteMany, useListContext, useNotify, useRefresh, useTranslate, useUnselectAll } from 'react-admin';
import { errorMessage } from '../providers/errorMessage';
import { usePendingChanges, type PendingChange } from '../providers/pendingChanges';

/** The message keys of one list's bulk delete; each gets `smart_count`, the number of selected rows. */
export interface BulkDeleteMessages {
  title: string;
  /** What goes with the records, and that the toast offers Undo. */
  content: string;
  success: string;
  /** The toast of a failed delete when the server gives no reason. */
  failure: string;
}

/**
 * The bulk delete of a list, for the roles whose permission allows delete (the list decides):
 * a confirmation that says how many, then react-admin's deleteMany in undoable mode. The rows
 * go at once, the toast offers Undo, and DELETE /api/{resource}/{id} goes for each when the toast
 * does. The server deletes only what the user's company scope lets them see; anything it refuses
 * comes back with the list's refresh and an error toast.
 */
export const BulkDeleteButton = ({ messages }: { messages: BulkDeleteMessages }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { selectedIds, resource, data } = useListContext();
  const pending = usePendingChanges();
  const unselectAll = useUnselectAll(resource ?? '');
  const [deleteMany, { isPending }] = useDeleteMany();
  const [open, setOpen] = useState(false);
  const count = selectedIds.length;
  if (!resource) return null;

  const confirm = () => {
    // A vehicle by its VIN, a container by its number; one on another page of the list by its id.
    const names = selectedIds.map((id) => {
      const record = data?.find((row) => row.id === id);
      return String(record?.vin ?? record?.number ?? `#${id}`);
    });
    deleteMany(
      resource,
      { ids: selectedIds },
      {
        mutationMode: 'undoable',
        onSuccess: () => {
          pending.describe(names.map((name): PendingChange => ({ kind: 'delete', resource, name })));
          notify(messages.success, { type: 'success', undoable: true, messageArgs: { smart_count: count } });
        },
        onError: (error) => {
          notify(errorMessage(error, translate, messages.failure), { type: 'error' });
          refresh();
        },
      },
    );
    setOpen(false);
    unselectAll();
  };

  return (
    <>
      <Button label="ra.action.delete" color="error" onClick={() => setOpen(true)} disabled={isPending} data-testid="bulk-delete">
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={open}
        title={messages.title}
        content={messages.content}
        translateOptions={{ smart_count: count }}
        confirmColor="warning"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
