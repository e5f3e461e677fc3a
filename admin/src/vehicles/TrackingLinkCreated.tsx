import { useRef } from 'react';
import { Alert, Button, Stack, TextField } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useTranslate } from 'react-admin';

/**
 * The link just made, shown once (the server keeps only its hash): its URL, read-only and
 * left-to-right, and a copy button. Where the clipboard is refused (plain-HTTP intranets), the
 * text is selected for the user to copy.
 */
export const TrackingLinkCreated = ({ url }: { url: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify('tracking.links.copied', { type: 'success' });
    } catch {
      input.current?.select();
      notify('tracking.links.copyFailed', { type: 'warning' });
    }
  };
  return (
    <Alert severity="success" icon={false} data-testid="tracking-link-created" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <Stack spacing={1}>
        <span>{translate('tracking.links.created')}</span>
        <TextField
          value={url}
          inputRef={input}
          size="small"
          fullWidth
          onFocus={(event) => event.target.select()}
          slotProps={{ htmlInput: { readOnly: true, dir: 'ltr', 'data-testid': 'tracking-link-url', 'aria-label': translate('tracking.links.copy') } }}
        />
        <Button variant="contained" size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()} sx={{ alignSelf: 'flex-start' }}>
          {translate('tracking.links.copy')}
        </Button>
      </Stack>
    </Alert>
  );
};
