import { useState } from 'react';
import { Box } from '@mui/material';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { requestErrorText } from '../providers/errorMessage';
import { Toast } from '../common/Toast';
import { SHARED_DOCUMENT_ACCEPT, splitByAccept } from '../files/format';
import { UploadButton } from '../files/UploadButton';
import { uploadDocument } from './api';

/**
 * The upload of /documents (SUPER_ADMIN): PDF, DOC, DOCX or TXT, several at once, one request
 * each; a failure names the file ('Failed to upload file: {name}') under 'Failed to upload document'.
 */
export const UploadDocumentButton = ({ variant = 'contained' }: { variant?: 'contained' | 'outlined' }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);

  const upload = async (picked: File[]) => {
    const { accepted, refused } = splitByAccept(picked, SHARED_DOCUMENT_ACCEPT);
    const failures = refused.map((file) => `${translate('documents.uploadFileFailed', { name: file.name })} (${translate('errors.request.unsupportedMediaType')})`);
    let count = 0;
    setBusy(true);
    for (const file of accepted) {
      try {
        await uploadDocument(file);
        count++;
      } catch (error) {
        console.error(`Failed to upload file: ${file.name}`, error);
        failures.push(`${translate('documents.uploadFileFailed', { name: file.name })} (${requestErrorText(error, translate, 'documents.uploadError')})`);
      }
    }
    setBusy(false);
    if (count) refresh();
    if (failures.length) {
      notify(<Toast title={translate('documents.uploadError')} description={<Box component="span" sx={{ whiteSpace: 'pre-line' }}>{failures.join('\n')}</Box>} />, { type: 'error' });
    } else if (count) {
      notify('documents.uploaded', { type: 'success' });
    }
  };

  return <UploadButton label="documents.upload" accept={SHARED_DOCUMENT_ACCEPT} busy={busy} onFiles={upload} testId="upload-document" variant={variant} />;
};
