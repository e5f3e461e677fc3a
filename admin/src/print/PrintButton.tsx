import { Button } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslate } from 'react-admin';

/**
 * Prints the page's sheet (PrintSheet): the browser's print dialog, where the reader picks a
 * printer or "Save as PDF". The browser's own print command gives the same sheet.
 */
export const PrintButton = () => {
  const translate = useTranslate();
  return (
    <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()} title={translate('print.buttonHint')} data-testid="print-button">
      {translate('print.button')}
    </Button>
  );
};
