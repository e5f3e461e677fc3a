import { useState } from 'react';
import { Box, CircularProgress, IconButton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import DocumentIcon from '@mui/icons-material/DescriptionOutlined';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { Toast } from '../common/Toast';
import { DateText, Ltr } from '../common/Fields';
import { Name, useTranslateWith } from '../common/Interpolate';
import { requestErrorText } from '../providers/errorMessage';
import { downloadToDisk } from '../providers/download';
import { deleteRecordFile, fileUrl } from './api';
import { RECORD_DOCUMENT_ACCEPT, formatKb, splitByAccept, type FileOwner, type StoredFile } from './format';
import { UploadButton } from './UploadButton';
import { FailureLines } from './FailureLines';
import { UploadProgressList } from './UploadProgressList';
import { useUploadQueue } from './useUploadQueue';
import { storeEach } from './storeEach';
import { useRecordFiles } from './useRecordFiles';
import { DocumentKindCell } from './DocumentKindCell';

/** Downloads one file, with a spinner on its button while it comes. */
export const DownloadFileButton = ({ url, name }: { url: string; name: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadToDisk(url, name);
    } catch (error) {
      console.error(error);
      notify('files.downloadFileFailed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={translate('files.download')}>
      <span>
        <IconButton type="button" size="small" color="primary" onClick={download} disabled={busy} aria-label={translate('files.downloadLabel', { name })} data-testid="download-document">
          {busy ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
};

/**
 * Opens one file in a new tab (SPEC.md §7, a container's documents): the browser shows or saves it
 * as it does any link, and the console stays where it is.
 */
export const OpenFileButton = ({ url, name }: { url: string; name: string }) => {
  const translate = useTranslate();
  return (
    <Tooltip title={translate('files.open')}>
      <IconButton
        component="a"
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        size="small"
        color="primary"
        aria-label={translate('files.openLabel', { name })}
        data-testid="open-document"
      >
        <OpenInNewIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};

/**
 * The documents of a vehicle or a container (SPEC.md §2): title, size in KB, upload date,
 * download and delete with confirmation; upload of PDF, DOC and DOCX, one request per file so
 * that each shows its progress and can be cancelled, and a refused file names itself ('Failed to
 * upload file: {name}') while the others still go.
 */
/** The upload date gives way on phones, so the file's name keeps room to be read. */
const onWideScreens = { display: { xs: 'none', sm: 'table-cell' } } as const;

export const DocumentsTable = ({
  owner,
  ownerId,
  initialFiles,
  canEdit,
}: {
  owner: FileOwner;
  ownerId: number | string;
  initialFiles: StoredFile[] | undefined;
  canEdit: boolean;
}) => {
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const notify = useNotify();
  const { documents, added, removed, replaced } = useRecordFiles(owner, ownerId, initialFiles);
  // A vehicle's documents have a kind (its checklist); a container's do not.
  const hasKinds = owner === 'vehicles';
  const queue = useUploadQueue();
  const [toDelete, setToDelete] = useState<StoredFile | null>(null);
  const [deleting, setDeleting] = useState(false);

  const upload = async (picked: File[]) => {
    const { accepted, refused } = splitByAccept(picked, RECORD_DOCUMENT_ACCEPT);
    const wrongType = refused.length ? [translate('files.wrongDocumentType', { names: refused.map((f) => f.name).join(', ') })] : [];
    const { stored, failed } = await storeEach(queue, owner, ownerId, accepted, added, 'documents.uploadError');
    if (failed.length || wrongType.length) {
      notify(<Toast title={translate('documents.uploadError')} description={<FailureLines failed={failed} extra={wrongType} />} />, { type: 'error' });
    } else if (stored.length) {
      notify(translate('files.documentsUploaded', { count: stored.length }), { type: 'success' });
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteRecordFile(owner, ownerId, toDelete.id);
      removed(toDelete.id);
      notify('files.documentDeleted', { type: 'success' });
    } catch (error) {
      console.error(error);
      notify(<Toast title={translate('documents.deleteError')} description={requestErrorText(error, translate, 'documents.deleteError')} />, { type: 'error' });
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  return (
    <Box data-testid={`${owner}-documents`}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, marginBlockEnd: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {canEdit ? translate('files.documentsHint') : ''}
        </Typography>
        {canEdit && <UploadButton label="files.uploadDocuments" accept={RECORD_DOCUMENT_ACCEPT} busy={queue.busy} onFiles={upload} testId="upload-documents" />}
      </Box>
      <UploadProgressList items={queue.items} onCancel={queue.cancel} onDismiss={queue.dismiss} />
      {documents.length === 0 ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5, paddingBlock: 2, color: 'text.secondary' }} data-testid="no-documents">
          <DocumentIcon sx={{ opacity: 0.6 }} />
          <Typography>{translate('files.noDocuments')}</Typography>
        </Box>
      ) : (
        <TableContainer>
          <Table size="small" data-testid="documents-table">
            <TableHead>
              <TableRow>
                <TableCell>{translate('files.title')}</TableCell>
                {hasKinds && <TableCell>{translate('checklist.kind')}</TableCell>}
                <TableCell align="right">{translate('files.size')}</TableCell>
                <TableCell sx={onWideScreens}>{translate('files.uploadDate')}</TableCell>
                <TableCell align="right">{translate('common.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {documents.map((document) => (
                <TableRow key={document.id} data-testid="document-row">
                  <TableCell sx={{ overflowWrap: 'anywhere', minWidth: '8rem' }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <DocumentIcon fontSize="small" color="action" />
                      <Ltr>{document.fileName}</Ltr>
                    </Box>
                  </TableCell>
                  {hasKinds && (
                    <TableCell>
                      <DocumentKindCell vehicleId={ownerId} document={document} canChange={canEdit} onChanged={replaced} />
                    </TableCell>
                  )}
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} data-testid="document-size">
                    <Ltr>{translate('files.sizeKb', { size: formatKb(document.fileSize) })}</Ltr>
                  </TableCell>
                  <TableCell sx={onWideScreens}>
                    <DateText value={document.createdAt} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {owner === 'containers' ? (
                      <OpenFileButton url={fileUrl(owner, ownerId, document.id)} name={document.fileName} />
                    ) : (
                      <DownloadFileButton url={fileUrl(owner, ownerId, document.id)} name={document.fileName} />
                    )}
                    {canEdit && (
                      <Tooltip title={translate('ra.action.delete')}>
                        <IconButton
                          type="button"
                          size="small"
                          color="error"
                          onClick={() => setToDelete(document)}
                          aria-label={translate('files.deleteDocumentLabel', { name: document.fileName })}
                          data-testid="delete-document"
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Confirm
        isOpen={toDelete !== null}
        loading={deleting}
        title={toDelete ? translateWith('files.deleteDocumentTitle', { name: <Name>{toDelete.fileName}</Name> }) : ''}
        content="files.deleteDocumentConfirm"
        confirmColor="warning"
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
};
