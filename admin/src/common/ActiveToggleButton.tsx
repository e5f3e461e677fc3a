import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import RestoreIcon from '@mui/icons-material/SettingsBackupRestore';
import { Confirm, useNotify, useRecordContext, useRefresh, useTranslate, useUpdate, useResourceContext } from 'react-admin';
import { errorMessage } from '../providers/errorMessage';
import { Name, useTranslateWith } from './Interpolate';

/** The message keys of one list's deactivate and reactivate (titles take the record's name as `name`/`username`). */
export interface ActiveToggleMessages {
  deactivate: string;
  deactivateTitle: string;
  deactivateConfirm: string;
  deactivated: string;
  reactivate: string;
  reactivateTitle: string;
  reactivateConfirm: string;
  reactivated: string;
  failure: string;
  titleParam: string;
}

/**
 * Deactivate or reactivate the row's record (`active`), after a confirmation that names it and
 * says what follows; the server's reason is shown when it refuses. An icon with a tooltip, like
 * the other row actions; its accessible name says what it does and to whom.
 */
export const ActiveToggleButton = ({ name, messages }: { name: (record: Record<string, any>) => string; messages: ActiveToggleMessages }) => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [update, { isPending }] = useUpdate();
  if (!record || !resource) return null;
  const deactivating = !!record.active;
  const label = translate(deactivating ? messages.deactivate : messages.reactivate);
  const recordName = name(record);

  const confirm = () =>
    update(
      resource,
      { id: record.id, data: { active: !deactivating }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify(deactivating ? messages.deactivated : messages.reactivated, { type: 'success' });
          refresh();
        },
        onError: (error) => {
          setOpen(false);
          notify(errorMessage(error, translate, messages.failure), { type: 'error' });
        },
      },
    );

  return (
    <>
      <Tooltip title={label}>
        <span>
          <IconButton
            size="small"
            color={deactivating ? 'warning' : 'success'}
            aria-label={`${label} ${recordName}`}
            onClick={() => setOpen(true)}
            disabled={isPending}
            data-testid={deactivating ? 'deactivate-button' : 'reactivate-button'}
          >
            {deactivating ? <BlockIcon fontSize="small" /> : <RestoreIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={translateWith(deactivating ? messages.deactivateTitle : messages.reactivateTitle, { [messages.titleParam]: <Name>{recordName}</Name> })}
        content={deactivating ? messages.deactivateConfirm : messages.reactivateConfirm}
        confirm={deactivating ? messages.deactivate : messages.reactivate}
        confirmColor={deactivating ? 'warning' : 'primary'}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
