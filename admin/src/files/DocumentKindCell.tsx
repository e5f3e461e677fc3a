import { useState } from 'react';
import { MenuItem, Select, type SelectChangeEvent } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { DEFAULT_DOCUMENT_KIND, DOCUMENT_KINDS, isDocumentKind } from '@domain/documentChecklist';
import { Toast } from '../common/Toast';
import { requestErrorText } from '../providers/errorMessage';
import { setVehicleDocumentKind } from './api';
import type { StoredFile } from './format';

/**
 * A vehicle document's kind in the documents table: a selector for those who may change files
 * (PATCH /api/vehicles/{id}/files/{fileId}), the kind's name for everyone else. A change moves
 * the document in the checklist, so the checklist is read again.
 */
export const DocumentKindCell = ({
  vehicleId,
  document,
  canChange,
  onChanged,
}: {
  vehicleId: number | string;
  document: StoredFile;
  canChange: boolean;
  onChanged: (file: StoredFile) => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const kind = isDocumentKind(document.documentKind) ? document.documentKind : DEFAULT_DOCUMENT_KIND;
  const label = (value: string) => translate(`checklist.kinds.${value}`);

  if (!canChange) return <span data-testid="document-kind" data-kind={kind}>{label(kind)}</span>;

  const change = async (event: SelectChangeEvent) => {
    const chosen = event.target.value;
    if (!isDocumentKind(chosen) || chosen === kind) return;
    setBusy(true);
    try {
      onChanged(await setVehicleDocumentKind(vehicleId, document.id, chosen));
      notify('checklist.kindChanged', { type: 'success' });
    } catch (error) {
      notify(<Toast title={translate('checklist.kindChangeFailed')} description={requestErrorText(error, translate, 'checklist.kindChangeFailed')} />, { type: 'error' });
    } finally {
      setBusy(false);
      // The checklist's key holds the id as the page read it (a number): compared as text.
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'checklist' && String(query.queryKey[1]) === String(vehicleId) });
    }
  };

  return (
    <Select
      value={kind}
      onChange={change}
      disabled={busy}
      size="small"
      variant="standard"
      inputProps={{ 'aria-label': translate('files.kindOfLabel', { name: document.fileName }) }}
      data-testid="document-kind"
      data-kind={kind}
      sx={{ minWidth: '9rem', fontSize: 'inherit' }}
    >
      {DOCUMENT_KINDS.map((value) => (
        <MenuItem key={value} value={value} data-testid={`document-kind-${value}`}>
          {label(value)}
        </MenuItem>
      ))}
    </Select>
  );
};
