import { Box } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { formatListDate } from '../common/dates';
import { Ltr } from '../common/Fields';
import { formatKb, type StoredFile } from '../files/format';
import { PrintEmpty, PrintMore, PrintSection, printTableSx } from './PrintSection';
import { PRINT_LIMITS, documentKind, firstOf } from './printLimits';

/** The record's documents by name, type, size and upload date (the files themselves stay online). */
export const PrintDocuments = ({ documents }: { documents: StoredFile[] }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const { shown, more } = firstOf(documents, PRINT_LIMITS.documents);
  return (
    <PrintSection title="files.documents" testId="print-documents">
      {shown.length === 0 ? (
        <PrintEmpty message="files.noDocuments" />
      ) : (
        <Box component="table" sx={printTableSx}>
          <thead>
            <tr>
              <th>{translate('files.title')}</th>
              <th>{translate('print.type')}</th>
              <th>{translate('files.size')}</th>
              <th>{translate('files.uploadDate')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((document) => (
              <tr key={document.id} data-testid="print-document">
                <td style={{ overflowWrap: 'anywhere' }}>
                  <Ltr>{document.fileName}</Ltr>
                </td>
                <td>{documentKind(document.fileName)}</td>
                <td style={{ whiteSpace: 'nowrap' }}>
                  <Ltr>{translate('files.sizeKb', { size: formatKb(document.fileSize) })}</Ltr>
                </td>
                <td style={{ whiteSpace: 'nowrap' }}>{formatListDate(document.createdAt, locale) || '—'}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
      <PrintMore count={more} />
    </PrintSection>
  );
};
