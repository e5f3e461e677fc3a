import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, CircularProgress, LinearProgress, Typography } from '@mui/material';
import CarCrashIcon from '@mui/icons-material/CarCrash';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { can } from '@domain/permissions';
import { useCurrentUser } from '../providers/useCurrentUser';
import { Section } from '../common/Section';
import { formatDateTime } from '../common/dates';
import type { StoredFile } from '../files/format';
import { useRecordFiles } from '../files/useRecordFiles';
import { runDamageAnalysis, type DamageAnalysis } from './api';
import { aiErrorText } from './errors';
import { AI_STATUS_KEY, AiStatusLine } from './AiStatusLine';
import { subtleSurface } from '../common/surfaces';

/** One language of the report: the Arabic always right to left, whatever the page's language. */
const Report = ({ title, text, lang }: { title: string; text: string; lang: 'en' | 'ar' }) => (
  <Box
    component="section"
    lang={lang}
    dir={lang === 'ar' ? 'rtl' : 'ltr'}
    data-testid={`analysis-${lang}`}
    sx={{ flex: 1, minWidth: 0, padding: 1.5, borderRadius: 1, border: '1px solid', borderColor: 'divider', backgroundColor: subtleSurface, textAlign: 'start' }}
  >
    <Typography variant="overline" component="h3" color="text.secondary" sx={{ lineHeight: 1.6 }}>
      {title}
    </Typography>
    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: lang === 'ar' ? 1.9 : 1.6 }} data-testid={`analysis-${lang}-text`}>
      {text}
    </Typography>
  </Box>
);

const Meta = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid={testId}>
      {value}
    </Typography>
  </Box>
);

/** The analysis stored with the vehicle, with the number of images it looked at when that was kept. */
export function storedAnalysis(vehicle: Record<string, any>): DamageAnalysis {
  const count = vehicle.accidentAnalysisImageCount;
  return {
    analysis: vehicle.accidentAnalysis ?? '',
    analysisAr: vehicle.accidentAnalysisAr ?? '',
    ...(typeof count === 'number' && Number.isFinite(count) ? { imageCount: count } : {}),
    lastAnalysisDate: vehicle.lastAnalysisDate ?? null,
  };
}

/**
 * The damage check of /vehicles/{id}/edit (SPEC.md §2): a SUPER_ADMIN runs the local AI over the
 * vehicle's images and sees the English and Arabic report, how many images it looked at and when;
 * other roles read the stored report, or are told they may not run one. A failure is an alert
 * 'Check Failed' in plain words (aiErrorText); what to do about Ollama is in the AI status line.
 */
export const DamageCheckSection = ({ vehicle }: { vehicle: Record<string, any> }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const canRun = can(user?.role, 'vehicles', 'runAnalysis');
  const { images } = useRecordFiles('vehicles', vehicle.id, vehicle.files as StoredFile[] | undefined);
  const [result, setResult] = useState<DamageAnalysis | null>(
    vehicle.accidentAnalysis || vehicle.accidentAnalysisAr
      ? storedAnalysis(vehicle)
      : null,
  );
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setRunning(true);
    setError(null);
    try {
      setResult(await runDamageAnalysis(vehicle.id));
      notify('ai.done', { type: 'success' });
    } catch (failure) {
      console.error(failure);
      setError(aiErrorText(failure, translate, 'msg.analysisFailed'));
      // The failure may come from the AI going away: the status line says so at once.
      queryClient.invalidateQueries({ queryKey: AI_STATUS_KEY });
    } finally {
      setRunning(false);
    }
  };

  const action = canRun ? (
    <Button
      type="button"
      variant="contained"
      size="small"
      onClick={run}
      disabled={running || images.length === 0}
      startIcon={running ? <CircularProgress size={16} color="inherit" /> : <CarCrashIcon />}
      data-testid="run-analysis"
    >
      {translate(result ? 'ai.rerun' : 'ai.run')}
    </Button>
  ) : undefined;

  return (
    <Section title="ai.damageTitle" testId="section-damage" action={action}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {canRun && (
          <>
            <Typography variant="body2" color="text.secondary">
              {translate('ai.intro')}
            </Typography>
            <AiStatusLine />
          </>
        )}
        {running && (
          <Box role="status" aria-live="polite" data-testid="analysis-running">
            <LinearProgress />
            <Typography variant="body2" color="text.secondary" sx={{ marginBlockStart: 0.75 }}>
              {translate('ai.running')}
            </Typography>
          </Box>
        )}
        {error && (
          <Alert severity="error" data-testid="analysis-error" onClose={() => setError(null)}>
            <AlertTitle>{translate('msg.checkFailed')}</AlertTitle>
            {error}
          </Alert>
        )}
        {result ? (
          <>
            <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 1.5 }}>
              <Report title={translate('ai.english')} text={result.analysis} lang="en" />
              <Report title={translate('ai.arabic')} text={result.analysisAr} lang="ar" />
            </Box>
            {result.imageCount !== undefined && result.lastAnalysisDate ? (
              <Typography variant="body2" color="text.secondary" data-testid="analysis-basis">
                {translate('ai.basedOn', { smart_count: result.imageCount, date: formatDateTime(result.lastAnalysisDate, locale) })}
              </Typography>
            ) : (
              <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
                {result.imageCount !== undefined && <Meta label={translate('ai.imageCount')} value={String(result.imageCount)} testId="analysis-image-count" />}
                <Meta label={translate('ai.lastAnalysis')} value={formatDateTime(result.lastAnalysisDate, locale) || '—'} testId="analysis-date" />
              </Box>
            )}
            {!canRun && (
              <Typography variant="caption" color="text.secondary">
                {translate('ai.readOnlyNote')}
              </Typography>
            )}
          </>
        ) : canRun ? (
          !running && (
            <Typography color="text.secondary" data-testid="analysis-none">
              {translate(images.length ? 'ai.none' : 'ai.noImages')}
            </Typography>
          )
        ) : (
          <Alert severity="info" data-testid="analysis-no-permission">
            {translate('ai.noPermission')}
          </Alert>
        )}
      </Box>
    </Section>
  );
};
