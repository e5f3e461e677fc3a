import { useId, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import UploadIcon from '@mui/icons-material/Publish';
import { Form, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { canChooseCompany } from '@domain/permissions';
import type { SheetLanguage } from '@domain/sheetColumns';
import { ERROR_CODES } from '@domain/errorCodes';
import { codeOf } from '../providers/http';
import { saveBlob } from '../providers/download';
import { errorMessage, requestErrorText } from '../providers/errorMessage';
import { useCurrentUser } from '../providers/useCurrentUser';
import { CompanyInput } from '../common/CompanyInput';
import { Isolated } from '../common/Bidi';
import { sendImport, summaryOf, type ImportSummary } from './api';
import { ImportCheck } from './ImportCheck';
import { templateCsv, type ImportResource } from './sheetFile';

const KNOWN_CODES = new Set<string>(ERROR_CODES);
const LANGUAGES: SheetLanguage[] = ['en', 'ar'];

/** The wizard's steps: choose the file, see the dry run, import for real. */
type Phase = { step: 0; busy: boolean } | { step: 1; summary: ImportSummary } | { step: 2 };

/**
 * The lists' Import (issue 31): a dialog that sends the chosen .csv or .xlsx to the API as a dry
 * run, shows what it would do (counts, the first rows and the column mapping, every row error),
 * and imports it for real on confirmation; the list is refreshed after. A file with row errors
 * cannot be confirmed: the user fixes it and chooses it again.
 */
export const ImportButton = ({ resource }: { resource: ImportResource }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [locale] = useLocaleState();
  const { user } = useCurrentUser();
  const titleId = useId();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 0, busy: false });
  const [failure, setFailure] = useState<string | null>(null);
  /** A super administrator's company for the rows that name none (`?companyId=`). */
  const [company, setCompany] = useState<{ id: number; name: string } | null>(null);
  const companyId = company?.id ?? null;
  const choosesCompany = canChooseCompany(user?.role);

  const failureText = (error: unknown) =>
    codeOf(error) && KNOWN_CODES.has(codeOf(error)!) ? errorMessage(error, translate, 'imports.failed') : requestErrorText(error, translate, 'imports.failed');

  const reset = () => {
    setFile(null);
    setFailure(null);
    setPhase({ step: 0, busy: false });
    if (input.current) input.current.value = '';
  };
  const close = () => {
    if (phase.step === 2 || (phase.step === 0 && phase.busy)) return; // a request is out: its answer decides
    setOpen(false);
    setCompany(null);
    reset();
  };

  const check = async (chosen: File) => {
    setFile(chosen);
    setFailure(null);
    setPhase({ step: 0, busy: true });
    // The same file, fixed and saved under its name, must be choosable again (no change event otherwise).
    if (input.current) input.current.value = '';
    try {
      const summary = await sendImport(resource, chosen, { dryRun: true, language: locale, companyId });
      setPhase({ step: 1, summary });
    } catch (error) {
      setFailure(failureText(error));
      setPhase({ step: 0, busy: false });
    }
  };

  const confirm = async () => {
    if (!file) return;
    setFailure(null);
    setPhase({ step: 2 });
    try {
      const summary = await sendImport(resource, file, { dryRun: false, language: locale, companyId });
      notify('imports.done', { type: 'success', messageArgs: { created: summary.created, updated: summary.updated, unchanged: summary.unchanged } });
      setOpen(false);
      setCompany(null);
      reset();
      refresh();
    } catch (error) {
      // 422 import.rowErrors: the records changed since the dry run; its errors are shown as the dry run's.
      const summary = summaryOf(error);
      setFailure(failureText(error));
      setPhase(summary ? { step: 1, summary } : { step: 0, busy: false });
    }
  };

  const downloadTemplate = (language: SheetLanguage) =>
    saveBlob(new Blob([templateCsv(resource, language, choosesCompany)], { type: 'text/csv;charset=utf-8' }), `${translate(`imports.templateFile.${resource}`)}-${language}.csv`);

  const busy = phase.step === 2 || (phase.step === 0 && phase.busy);
  return (
    <>
      <Button size="small" startIcon={<UploadIcon />} onClick={() => setOpen(true)} data-testid="import-button">
        {translate('imports.button')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={fullScreen} data-testid="import-dialog">
        <DialogTitle id={titleId}>{translate(`imports.title.${resource}`)}</DialogTitle>
        <DialogContent>
          <Stepper activeStep={phase.step} alternativeLabel sx={{ mb: 3 }}>
            {['choose', 'check', 'import'].map((step) => (
              <Step key={step}>
                <StepLabel>{translate(`imports.steps.${step}`)}</StepLabel>
              </Step>
            ))}
          </Stepper>
          {failure && <Alert severity="error" sx={{ mb: 2 }} data-testid="import-failure">{failure}</Alert>}
          {phase.step === 0 && (
            <Stack spacing={2}>
              <Typography variant="body2">{translate(`imports.hint.${resource}`)}</Typography>
              {/* A super administrator chooses the company of the rows that name none (the file's Company column names it per row). */}
              {choosesCompany && (
                <Box data-testid="import-company">
                  <Form onSubmit={() => undefined} noValidate>
                    <CompanyInput optional helperText="imports.companyHint" onChange={(_value, record) => setCompany(record ? { id: Number(record.id), name: String(record.name) } : null)} />
                  </Form>
                </Box>
              )}
              <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Button variant="contained" startIcon={<UploadIcon />} onClick={() => input.current?.click()} disabled={busy} data-testid="import-choose">
                  {translate('imports.chooseFile')}
                </Button>
                <Typography variant="body2" color="text.secondary" dir="auto">{file?.name ?? translate('imports.noFile')}</Typography>
                <input ref={input} type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" hidden data-testid="import-file" onChange={(e) => e.target.files?.[0] && void check(e.target.files[0])} />
              </Stack>
              {busy && <ProgressLine text={translate('imports.checking')} />}
              <Typography variant="body2" component="div">
                {translate('imports.templates')}{' '}
                {LANGUAGES.map((language, i) => (
                  <span key={language}>
                    {i > 0 && ' · '}
                    <Link component="button" type="button" variant="body2" onClick={() => downloadTemplate(language)} data-testid={`import-template-${language}`}>
                      {translate(`imports.template.${language}`)}
                    </Link>
                  </span>
                ))}
              </Typography>
            </Stack>
          )}
          {phase.step === 1 && (
            <>
              {company && (
                <Typography variant="body2" sx={{ mb: 2 }} data-testid="import-company-chosen">
                  {translate('imports.companyChosen')} <Isolated>{company.name}</Isolated>
                </Typography>
              )}
              <ImportCheck resource={resource} summary={phase.summary} />
            </>
          )}
          {phase.step === 2 && <ProgressLine text={translate('imports.importing')} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>{translate('ra.action.cancel')}</Button>
          {phase.step === 1 && (
            <>
              <Button onClick={reset} data-testid="import-again">{translate('imports.chooseAnother')}</Button>
              <Button variant="contained" onClick={() => void confirm()} disabled={phase.summary.errors.length > 0} data-testid="import-confirm">
                {translate('imports.confirm', { smart_count: phase.summary.rows })}
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
};

/** An indeterminate bar: the API answers once the whole file is through. */
const ProgressLine = ({ text }: { text: string }) => (
  <Stack spacing={1} data-testid="import-progress">
    <Typography variant="body2">{text}</Typography>
    <LinearProgress aria-label={text} />
  </Stack>
);
