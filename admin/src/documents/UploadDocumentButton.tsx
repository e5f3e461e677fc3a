import { useState } from 'react';
import { Box, Paper, Popper } from '@mui/material';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { Toast } from '../common/Toast';
import { SHARED_DOCUMENT_ACCEPT, splitByAccept } from '../files/format';
import { FailureLines } from '../files/FailureLines';
import { UploadButton } from '../files/UploadButton';
import { UploadProgressList } from '../files/UploadProgressList';
import { useUploadQueue } from '../files/useUploadQueue';
import { uploadDocument } from './api';

/** The floating progress keeps a margin from the window's edges, as the page's cards do. */
const KEEP_OFF_THE_EDGES = [{ name: 'preventOverflow', options: { padding: 16 } }];

/**
 * The upload of /documents (SUPER_ADMIN): PDF, DOC, DOCX or TXT, several at once, one request
 * each, each with its progress and Cancel; a failure names the file ('Failed to upload file:
 * {name}') under 'Failed to upload document'. The button sits in a toolbar or an empty page, so
 * the progress floats under it while the upload runs (it covers the list: once the upload is over
 * it goes, and the toast names each failed file with its reason). It stays in the page's order
 * (no portal), so Tab goes from the button to the Cancel buttons.
 */
export const UploadDocumentButton = ({ variant = 'contained' }: { variant?: 'contained' | 'outlined' }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queue = useUploadQueue();
  const [anchor, setAnchor] = useState<HTMLSpanElement | null>(null);

  const upload = async (picked: File[]) => {
    const { accepted, refused } = splitByAccept(picked, SHARED_DOCUMENT_ACCEPT);
    const wrongType = refused.map((file) => `${translate('documents.uploadFileFailed', { name: file.name })} (${translate('errors.request.unsupportedMediaType')})`);
    const { stored, failed } = await queue.run(accepted, (file, options) => uploadDocument(file, options), 'documents.uploadError');
    if (stored.length) refresh();
    if (failed.length || wrongType.length) {
      notify(<Toast title={translate('documents.uploadError')} description={<FailureLines failed={failed} extra={wrongType} />} />, { type: 'error' });
    } else if (stored.length) {
      notify('documents.uploaded', { type: 'success' });
    }
  };

  return (
    <Box component="span" ref={setAnchor} sx={{ display: 'inline-flex' }}>
      <UploadButton label="documents.upload" accept={SHARED_DOCUMENT_ACCEPT} busy={queue.busy} onFiles={upload} testId="upload-document" variant={variant} />
      <Popper open={queue.busy && queue.items.length > 0} anchorEl={anchor} placement="bottom-end" disablePortal modifiers={KEEP_OFF_THE_EDGES} sx={{ zIndex: 'speedDial' }}>
        {/* textAlign: the empty page centres its text, the rows read from their start. */}
        <Paper elevation={6} sx={{ width: 'min(360px, calc(100vw - 32px))', marginBlockStart: 1, paddingInline: 1.5, paddingBlock: 0.5, textAlign: 'start' }}>
          <UploadProgressList items={queue.items} onCancel={queue.cancel} onDismiss={queue.dismiss} />
        </Paper>
      </Popper>
    </Box>
  );
};
