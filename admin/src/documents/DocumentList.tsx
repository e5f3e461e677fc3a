import { Box, Typography } from '@mui/material';
import { DataTable, List, SearchInput, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { can, canDeleteSharedDocument, seesEveryCompany } from '@domain/permissions';
import { RequireAccess } from '../common/RequireAccess';
import { useCurrentUser } from '../providers/useCurrentUser';
import { EmptyState } from '../common/EmptyState';
import { DeleteRecordButton, type DeleteMessages } from '../common/DeleteRecordButton';
import { DateText, Ltr } from '../common/Fields';
import { DownloadFileButton } from '../files/DocumentsTable';
import { formatKb } from '../files/format';
import { UploadDocumentButton } from './UploadDocumentButton';
import { documentFileUrl } from './api';
import { ResponsiveList } from '../common/ResponsiveList';
import { DocumentCard } from './DocumentCard';
import { Isolated } from '../common/Bidi';

const DELETE_MESSAGES: DeleteMessages = {
  title: 'documents.deleteTitle',
  titleParam: 'name',
  content: 'documents.deleteConfirm',
  success: 'documents.deleted',
  failure: 'documents.deleteError',
};

const RowActions = () => {
  const record = useRecordContext();
  const { user } = useCurrentUser();
  if (!record) return null;
  const canDelete = canDeleteSharedDocument({ role: user?.role });
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', flexWrap: 'nowrap' }}>
      <DownloadFileButton url={documentFileUrl(record.id)} name={record.fileName} />
      {canDelete && <DeleteRecordButton name={(row) => row.fileName} messages={DELETE_MESSAGES} />}
    </Box>
  );
};

/** /documents: files the super administrator shares (SPEC.md §2); only a SUPER_ADMIN uploads. */
const DocumentList = () => {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const canUpload = can(user?.role, 'documents', 'create');
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={translate('documents.searchHint')} sx={{ width: { xs: '100%', sm: 300 } }} />];
  const label = (field: string) => `documents.fields.${field}`;
  return (
    <RequireAccess resource="documents">
      <Typography variant="body2" color="text.secondary" sx={{ marginBlockStart: 2 }}>
        {translate('documents.intro')}
      </Typography>
      <List
        resource="documents"
        title="nav.documents"
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        filters={filters}
        exporter={false}
        actions={canUpload ? <TopToolbar><UploadDocumentButton /></TopToolbar> : false}
        empty={
          <EmptyState
            message="documents.empty"
            hint={canUpload ? 'documents.emptyHint' : 'documents.emptyReader'}
            action={canUpload ? <UploadDocumentButton /> : undefined}
          />
        }
      >
        <ResponsiveList
          testId="documents-list"
          card={(record) => <DocumentCard record={record} showsCompany={seesEveryCompany(user?.role)} actions={<RowActions />} />}
          table={
            <DataTable bulkActionButtons={false} rowClick={false} data-testid="documents-list">
              <DataTable.Col source="fileName" label={label('fileName')} cellSx={() => ({ overflowWrap: 'anywhere', fontWeight: 500 })} render={(record) => <Ltr>{record.fileName}</Ltr>} />
              <DataTable.Col
                source="fileSize"
                label={label('fileSize')}
                align="right"
                cellSx={() => ({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' })}
                render={(record) => <Ltr>{translate('files.sizeKb', { size: formatKb(record.fileSize) })}</Ltr>}
              />
              <DataTable.Col source="createdAt" label={label('createdAt')} render={(record) => <DateText value={record.createdAt} />} />
              <DataTable.Col source="uploaderName" label={label('uploaderName')} disableSort render={(record) => (record.uploaderName ? <Ltr>{record.uploaderName}</Ltr> : '—')} />
              {seesEveryCompany(user?.role) && (
                <DataTable.Col
                  source="companyName"
                  label={label('companyId')}
                  disableSort
                  render={(record) => (record.companyName ? <Isolated>{record.companyName}</Isolated> : translate('documents.sharedWithAll'))}
                />
              )}
              <DataTable.Col label="common.actions" disableSort align="right">
                <RowActions />
              </DataTable.Col>
            </DataTable>
          }
        />
      </List>
    </RequireAccess>
  );
};

export default DocumentList;
