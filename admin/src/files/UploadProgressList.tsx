import { Box, Button, IconButton, LinearProgress, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';
import { Ltr } from '../common/Fields';
import { isCancellable, type UploadItem } from './useUploadQueue';

const percentOf = (item: UploadItem) => (item.total > 0 ? Math.min(100, Math.floor((item.loaded / item.total) * 100)) : 0);

/** What the row says beside the name: the percent while it goes, else the word for its state. */
const stateText = (item: UploadItem, translate: (key: string, options?: object) => string) => {
  switch (item.state) {
    case 'waiting':
      return translate('files.uploadWaiting');
    case 'sending':
      return translate('files.uploadPercent', { percent: percentOf(item) });
    case 'storing':
      return translate('files.uploadStoring');
    case 'done':
      return translate('files.uploadDone');
    case 'cancelled':
      return translate('files.uploadCancelled');
    case 'failed':
      return translate('files.uploadFailed');
  }
};

/** One file: its name, how far it is, Cancel while it can be, its reason when it failed. */
const UploadRow = ({ item, onCancel, onDismiss }: { item: UploadItem; onCancel: (key: string) => void; onDismiss: (key: string) => void }) => {
  const translate = useTranslate();
  const percent = percentOf(item);
  const failed = item.state === 'failed';
  return (
    <Box component="li" data-testid="upload-progress-item" data-state={item.state} sx={{ listStyle: 'none', paddingBlock: 0.75 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 32 }}>
        <Typography variant="body2" noWrap title={item.name} sx={{ flex: 1, minWidth: 0 }} data-testid="upload-progress-name">
          <Ltr>{item.name}</Ltr>
        </Typography>
        <Typography
          variant="caption"
          color={failed ? 'error' : 'text.secondary'}
          sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
          data-testid="upload-progress-state"
        >
          {stateText(item, translate)}
        </Typography>
        {isCancellable(item) && (
          <Button
            type="button"
            size="small"
            color="inherit"
            onClick={() => onCancel(item.key)}
            aria-label={translate('files.cancelUploadLabel', { name: item.name })}
            data-testid="upload-cancel"
          >
            {translate('files.cancelUpload')}
          </Button>
        )}
        {failed && (
          <Tooltip title={translate('files.dismissUpload')}>
            <IconButton
              type="button"
              size="small"
              onClick={() => onDismiss(item.key)}
              aria-label={translate('files.dismissUploadLabel', { name: item.name })}
              data-testid="upload-dismiss"
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <LinearProgress
        // Once all of it is sent the server stores it: no percent left to show, only that it works.
        variant={item.state === 'storing' ? 'indeterminate' : 'determinate'}
        value={item.state === 'done' ? 100 : percent}
        color={failed ? 'error' : item.state === 'cancelled' ? 'inherit' : 'primary'}
        aria-label={translate('files.uploadProgressLabel', { name: item.name })}
        sx={{ height: 6, borderRadius: 3 }}
      />
      {failed && item.error && (
        <Typography variant="caption" color="error" component="p" role="alert" sx={{ marginBlockStart: 0.5, overflowWrap: 'anywhere' }} data-testid="upload-progress-error">
          {item.error}
        </Typography>
      )}
    </Box>
  );
};

/**
 * The files of an upload, one row each (name, progress bar, percent, Cancel). Nothing when there
 * is none. Cancel buttons are ordinary buttons, reached with Tab after the upload button.
 */
export const UploadProgressList = ({
  items,
  onCancel,
  onDismiss,
}: {
  items: UploadItem[];
  onCancel: (key: string) => void;
  onDismiss: (key: string) => void;
}) => {
  const translate = useTranslate();
  if (!items.length) return null;
  return (
    <Box component="ul" aria-label={translate('files.uploadsLabel')} data-testid="upload-progress" sx={{ margin: 0, padding: 0 }}>
      {items.map((item) => (
        <UploadRow key={item.key} item={item} onCancel={onCancel} onDismiss={onDismiss} />
      ))}
    </Box>
  );
};
