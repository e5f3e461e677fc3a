import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import DownloadIcon from '@mui/icons-material/GetApp';
import { useListContext, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { API_URL } from '../providers/http';
import { followDownload } from '../providers/download';

/**
 * The list's Export: every row of its filter and sort, as CSV or Excel, made by the API
 * (GET /api/<resource>/export) and saved by the browser as it arrives (a plain link: no
 * 1,000-row cap, nothing assembled in the page's memory).
 */
export function exportUrl(resource: string, format: 'csv' | 'xlsx', filter: Record<string, unknown>, sort: { field: string; order: string }, language: string) {
  const params = new URLSearchParams({ format, lang: language, filter: JSON.stringify(filter), sort: JSON.stringify([sort.field, sort.order]) });
  return `${API_URL}/${resource}/export?${params}`;
}

export const SheetExportButton = ({ resource }: { resource: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [language] = useLocaleState();
  const { filterValues, sort, total } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const download = async (format: 'csv' | 'xlsx') => {
    setAnchor(null);
    try {
      await followDownload(exportUrl(resource, format, filterValues, sort, language));
    } catch (error) {
      console.error(error);
      notify('sheets.exportFailed', { type: 'error' });
    }
  };
  return (
    <>
      <Button size="small" startIcon={<DownloadIcon />} onClick={(e) => setAnchor(e.currentTarget)} disabled={total === 0} data-testid="export-button">
        {translate('ra.action.export')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => download('csv')}>{translate('sheets.exportCsv')}</MenuItem>
        <MenuItem onClick={() => download('xlsx')}>{translate('sheets.exportXlsx')}</MenuItem>
      </Menu>
    </>
  );
};
