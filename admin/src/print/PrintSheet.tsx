import { useEffect, useState, type ReactNode } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { Box, GlobalStyles, Typography } from '@mui/material';
import { ThemeProvider, createTheme, type Theme } from '@mui/material/styles';
import { useLocale, useTranslate } from 'react-admin';
import { formatDateTime } from '../common/dates';
import type { Language } from '../i18n/language';
import { themes } from '../layout/theme';
import { PrintCompany } from './PrintCompany';

/** The class of the sheet's root, a direct child of <body>: the one thing printed. */
const SHEET_CLASS = 'print-sheet';

/** A4 (297 mm) less the page's top and bottom margins: the height the sheet never exceeds. */
const PAGE_MARGIN_MM = 10;
const SHEET_HEIGHT_MM = 297 - 2 * PAGE_MARGIN_MM;

/**
 * While a page with a sheet is open, printing shows the sheet alone: the console (#root, with the
 * menu, app bar, buttons and toasts) and whatever is portalled beside it (dialogs, popups) are
 * not printed. Pages without a sheet print as they are.
 */
const printOnlyTheSheet = (
  <GlobalStyles
    styles={{
      '@page': { size: 'A4 portrait', margin: `${PAGE_MARGIN_MM}mm` },
      '@media print': {
        [`body > *:not(.${SHEET_CLASS})`]: { display: 'none !important' },
        // White paper and the light scheme, whatever the console's theme (CssBaseline darkens both in dark mode).
        ':root': { colorScheme: 'light' },
        body: { backgroundColor: '#fff !important', margin: 0 },
        [`.${SHEET_CLASS}`]: { display: 'block !important' },
      },
    }}
  />
);

/**
 * Paper is white: the sheet is drawn with the light theme of the page's language whatever the
 * console shows (a dark theme's light text would vanish on paper), made once per language.
 */
const paperThemes = new Map<Language, Theme>();
function paperTheme(language: Language): Theme {
  let theme = paperThemes.get(language);
  if (!theme) {
    theme = createTheme(themes[language].light);
    paperThemes.set(language, theme);
  }
  return theme;
}

/** The moment the sheet says it was printed: now, and again whenever the browser starts printing. */
function usePrintedAt() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    // Synchronously, so the browser lays the page out with the new time.
    const refresh = () => flushSync(() => setNow(new Date()));
    window.addEventListener('beforeprint', refresh);
    return () => window.removeEventListener('beforeprint', refresh);
  }, []);
  return now;
}

/**
 * The printed form of a detail page (the Print button, or the browser's own print command): one
 * A4 page with the company, what the record is, and the parts the page gives. Hidden on screen.
 * It is rendered beside the console rather than inside it, so printing can leave the console out
 * whole; it still shares the page's language, direction and data.
 */
export const PrintSheet = ({
  kind,
  title,
  badge,
  companyId,
  companyName,
  testId,
  children,
}: {
  /** The message key of what the sheet is ('Vehicle sheet'). */
  kind: string;
  /** The record's name: a VIN, a container number. */
  title: ReactNode;
  badge?: ReactNode;
  companyId?: number | null;
  companyName?: string | null;
  testId: string;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  const locale = useLocale();
  const printedAt = usePrintedAt();
  return createPortal(
    <ThemeProvider theme={paperTheme(locale === 'ar' ? 'ar' : 'en')}>
      {printOnlyTheSheet}
      <Box
        className={SHEET_CLASS}
        data-testid={testId}
        sx={{
          display: 'none',
          // The status colours and the table rules print as they are shown.
          printColorAdjust: 'exact',
          WebkitPrintColorAdjust: 'exact',
          color: '#111',
          backgroundColor: '#fff',
          colorScheme: 'light',
          fontSize: '9.5pt',
          lineHeight: 1.35,
          // One page whatever happens: the lists are already cut to fit (printLimits.ts); an
          // unusually long text is cut at the page's end rather than spilling onto a second one.
          maxHeight: `${SHEET_HEIGHT_MM}mm`,
          overflow: 'hidden',
        }}
      >
        <Box
          component="header"
          sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, paddingBlockEnd: 1, marginBlockEnd: 1.5, borderBottom: '2px solid #333' }}
        >
          <PrintCompany companyId={companyId} companyName={companyName} />
          <Box sx={{ textAlign: 'end', minWidth: 0 }}>
            <Typography component="div" sx={{ fontSize: '9pt', color: '#555', textTransform: 'uppercase', letterSpacing: '0.04em' }}>
              {translate(kind)}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}>
              <Typography component="h1" sx={{ fontSize: '15pt', fontWeight: 700, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {title}
              </Typography>
              {badge}
            </Box>
            <Typography component="div" sx={{ fontSize: '8pt', color: '#555' }} data-testid="print-printed-at">
              {translate('print.printedAt', { date: formatDateTime(printedAt, locale) })}
            </Typography>
          </Box>
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>{children}</Box>
      </Box>
    </ThemeProvider>,
    document.body,
  );
};
