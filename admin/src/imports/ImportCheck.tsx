import { Alert, Box, Button, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, useTheme } from '@mui/material';
import EastIcon from '@mui/icons-material/East';
import WestIcon from '@mui/icons-material/West';
import DownloadIcon from '@mui/icons-material/GetApp';
import { useLocaleState, useTranslate } from 'react-admin';
import type { SheetLanguage } from '@domain/sheetColumns';
import { saveBlob } from '../providers/download';
import { Isolated } from '../common/Bidi';
import type { ImportIssue, ImportSummary } from './api';
import { previewOf, toCsv, type ImportResource, type SheetPreview } from './sheetFile';

/**
 * The wizard's second step: what the dry run found (the counts), the file's first rows under the
 * field each column fills, and the rows' errors and warnings as tables (the errors downloadable).
 */
export const ImportCheck = ({ resource, summary }: { resource: ImportResource; summary: ImportSummary }) => {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="import-counts">
        <Chip label={translate('imports.rows', { count: summary.rows })} />
        <Chip color="success" variant="outlined" label={translate('imports.created', { count: summary.created })} />
        <Chip color="info" variant="outlined" label={translate('imports.updated', { count: summary.updated })} />
        <Chip variant="outlined" label={translate('imports.unchanged', { count: summary.unchanged })} />
      </Stack>
      {summary.errors.length ? (
        <Alert severity="error" data-testid="import-blocked">{translate('imports.fixAndRetry')}</Alert>
      ) : (
        <Alert severity="success" data-testid="import-ready">{translate('imports.ready')}</Alert>
      )}
      <PreviewTable preview={previewOf(resource, summary.preview)} />
      <IssueTable title={translate('imports.errorsTitle', { count: summary.errors.length })} issues={summary.errors} testId="import-errors" downloadable />
      <IssueTable title={translate('imports.warningsTitle', { count: summary.warnings.length })} issues={summary.warnings} testId="import-warnings" />
    </Stack>
  );
};

/** The heading row of the file, the field under each heading, then the first rows. */
const PreviewTable = ({ preview }: { preview: SheetPreview }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language: SheetLanguage = locale === 'ar' ? 'ar' : 'en';
  // From the file's heading to the field it fills, in the page's reading direction.
  const Arrow = useTheme().direction === 'rtl' ? WestIcon : EastIcon;
  return (
    <Box>
      <Typography variant="subtitle2" gutterBottom>{translate('imports.previewTitle')}</Typography>
      <TableContainer sx={{ maxHeight: 280, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader data-testid="import-preview">
          <TableHead>
            <TableRow>
              {preview.mapping.map((m, i) => (
                <TableCell key={i} sx={{ whiteSpace: 'nowrap' }}>
                  <Isolated>{m.heading}</Isolated>
                  <Typography variant="caption" component="div" color={m.column ? 'primary' : 'text.disabled'} data-testid="import-mapped-field" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    {m.column && <Arrow fontSize="inherit" aria-hidden />}
                    {m.column ? m.column[language] : translate('imports.ignored')}
                  </Typography>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.rows.map((row, r) => (
              <TableRow key={r}>
                {preview.mapping.map((_, c) => (
                  <TableCell key={c} sx={{ whiteSpace: 'nowrap' }}><Isolated>{row[c] ?? ''}</Isolated></TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
};

const IssueTable = ({ title, issues, testId, downloadable }: { title: string; issues: ImportIssue[]; testId: string; downloadable?: boolean }) => {
  const translate = useTranslate();
  if (!issues.length) return null;
  const download = () => {
    const rows = [[translate('imports.line'), translate('imports.column'), translate('imports.problem')], ...issues.map((i) => [String(i.line), i.column ?? '', i.message])];
    saveBlob(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }), `${translate('imports.errorsFileName')}.csv`);
  };
  return (
    <Box>
      <Stack direction="row" sx={{ mb: 0.5, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2">{title}</Typography>
        {downloadable && (
          <Button size="small" startIcon={<DownloadIcon />} onClick={download} data-testid="download-errors">
            {translate('imports.downloadErrors')}
          </Button>
        )}
      </Stack>
      <TableContainer sx={{ maxHeight: 240, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader data-testid={testId}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('imports.line')}</TableCell>
              <TableCell>{translate('imports.column')}</TableCell>
              <TableCell>{translate('imports.problem')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {issues.map((issue, i) => (
              <TableRow key={i}>
                <TableCell>{issue.line}</TableCell>
                <TableCell><Isolated>{issue.column ?? '—'}</Isolated></TableCell>
                <TableCell>{issue.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
};
