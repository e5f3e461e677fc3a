import { useState } from 'react';
import { Box, Button, Chip, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import type { ChecklistItem, ChecklistKind, ChecklistStatus } from '@domain/documentChecklist';
import { can } from '@domain/permissions';
import { formatListDate } from '../common/dates';
import { Section } from '../common/Section';
import { RECORD_DOCUMENT_ACCEPT } from '../files/format';
import { UploadButton } from '../files/UploadButton';
import { filesKey } from '../files/useRecordFiles';
import type { StoredFile } from '../files/format';
import { errorMessage } from '../providers/errorMessage';
import { useCurrentUser } from '../providers/useCurrentUser';
import { fetchChecklist, uploadDocumentOfKind, verifyChecklistItem } from './checklistApi';

const STATUS_COLOR: Record<ChecklistStatus, 'default' | 'info' | 'success'> = { MISSING: 'default', RECEIVED: 'info', VERIFIED: 'success' };

/**
 * The vehicle's document checklist (GET /api/vehicles/{id}/checklist): each kind's status, due
 * date and overdue mark; staff upload a document as its kind and mark a received one verified, a
 * buyer reads it.
 */
export const VehicleChecklist = ({ vehicleId }: { vehicleId: number }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const canUpload = can(user?.role, 'files', 'create');
  const canVerify = can(user?.role, 'vehicles', 'verifyDocuments');
  const [busyKind, setBusyKind] = useState<ChecklistKind | null>(null);
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const queryKey = ['checklist', vehicleId];
  const { data, isPending, error } = useQuery({ queryKey, queryFn: () => fetchChecklist(vehicleId) });

  // The page's documents table shows the new file too (the files its sections share).
  const showInDocuments = (stored: StoredFile[]) =>
    queryClient.setQueryData<StoredFile[]>(filesKey('vehicles', vehicleId), (old) => (old ? [...old, ...stored.filter((file) => !old.some((o) => o.id === file.id))] : old));

  const act = async (kind: ChecklistKind, run: () => Promise<unknown>, done: string, failed: string) => {
    setBusyKind(kind);
    try {
      await run();
      notify(done, { type: 'success' });
    } catch (err) {
      notify(`${translate(failed)}: ${errorMessage(err, translate, '')}`, { type: 'error' });
    } finally {
      setBusyKind(null);
      await queryClient.invalidateQueries({ queryKey });
    }
  };

  const status = (item: ChecklistItem) => (
    <Chip size="small" color={STATUS_COLOR[item.status]} label={translate(`checklist.status.${item.status}`)} data-testid="checklist-status" />
  );
  const due = (item: ChecklistItem) => (
    <>
      <Box component="span" sx={{ color: item.overdue ? 'error.main' : 'text.secondary', whiteSpace: 'nowrap' }}>
        {item.dueDate ? translate('checklist.due', { date: formatListDate(item.dueDate, locale) }) : translate('checklist.noDue')}
      </Box>
      {item.overdue && <Chip size="small" color="error" label={translate('checklist.overdue')} sx={{ marginInlineStart: 1 }} data-testid="checklist-overdue" />}
    </>
  );
  const actions = (item: ChecklistItem) => (
    <Box sx={{ display: 'inline-flex', gap: 1 }}>
      {canUpload && (
        <UploadButton
          label="checklist.upload"
          accept={RECORD_DOCUMENT_ACCEPT}
          busy={busyKind === item.kind}
          single
          testId={`checklist-upload-${item.kind}`}
          onFiles={([file]) => act(item.kind, () => uploadDocumentOfKind(vehicleId, item.kind, file).then(showInDocuments), translate('checklist.uploaded'), 'checklist.uploadFailed')}
        />
      )}
      {canVerify && item.status === 'RECEIVED' && (
        <Button size="small" disabled={busyKind === item.kind} onClick={() => act(item.kind, () => verifyChecklistItem(vehicleId, item.kind), translate('checklist.status.VERIFIED'), 'checklist.verifyFailed')} data-testid={`checklist-verify-${item.kind}`}>
          {translate('checklist.verify')}
        </Button>
      )}
    </Box>
  );
  const itemProps = (item: ChecklistItem) => ({ 'data-testid': `checklist-${item.kind}`, 'data-status': item.status, 'data-overdue': item.overdue });

  const row = (item: ChecklistItem) => (
    <TableRow key={item.kind} {...itemProps(item)}>
      <TableCell>{translate(`checklist.kinds.${item.kind}`)}</TableCell>
      <TableCell>{status(item)}</TableCell>
      <TableCell>{due(item)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {actions(item)}
      </TableCell>
    </TableRow>
  );

  // On a phone the four columns do not fit (the buttons were cut at the screen's edge): each kind
  // is a small block instead, its name and status, then its due date, then its buttons.
  const block = (item: ChecklistItem) => (
    <Box component="li" key={item.kind} {...itemProps(item)} sx={{ py: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Typography variant="body2" sx={{ flex: '1 1 auto' }}>
        {translate(`checklist.kinds.${item.kind}`)}
      </Typography>
      {status(item)}
      <Box sx={{ flexBasis: '100%' }}>{due(item)}</Box>
      {actions(item)}
    </Box>
  );

  return (
    <Section title="checklist.title" testId="section-checklist">
      {error ? (
        <Typography color="error">{errorMessage(error, translate, '')}</Typography>
      ) : isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : phone ? (
        <Box component="ul" aria-label={translate('checklist.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {data.map(block)}
        </Box>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('checklist.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('checklist.kind')}</TableCell>
                <TableCell>{translate('milestones.status')}</TableCell>
                <TableCell />
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>{data.map(row)}</TableBody>
          </Table>
        </Box>
      )}
    </Section>
  );
};
