import { Box, Chip, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import WarningIcon from '@mui/icons-material/WarningAmber';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Ltr } from '../common/Fields';
import { useTranslateWith } from '../common/Interpolate';
import { fetchAiStatus } from './api';
import { aiState } from './status';

export const AI_STATUS_KEY = ['ai', 'status'] as const;

/** GET /api/ai/status, for a SUPER_ADMIN only (others get 403). */
export const useAiStatus = (enabled: boolean) =>
  useQuery({ queryKey: AI_STATUS_KEY, queryFn: fetchAiStatus, enabled, staleTime: 30_000 });

/**
 * Why the damage check can or cannot run, for the administrator: a chip (model ready, Ollama not
 * reachable, model missing), a sentence on what to do, and which colour detector is in use.
 */
export const AiStatusLine = () => {
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const { data, isPending, isFetching, error, refetch } = useAiStatus(true);

  let chip;
  let hint: React.ReactNode;
  if (isPending) {
    chip = <Chip size="small" variant="outlined" icon={<CircularProgress size={14} />} label={translate('ai.status.checking')} />;
  } else if (error || !data) {
    chip = <Chip size="small" variant="outlined" icon={<WarningIcon />} label={translate('ai.status.failed')} />;
  } else {
    const state = aiState(data);
    // Host and model are Latin: kept left to right inside an Arabic sentence.
    const params = { host: <Ltr>{data.ollama.host}</Ltr>, model: <Ltr>{data.ollama.model}</Ltr> };
    const icon = state === 'ready' ? <CheckIcon /> : state === 'unreachable' ? <ErrorIcon /> : <WarningIcon />;
    const color = state === 'ready' ? 'success' : state === 'unreachable' ? 'error' : 'warning';
    chip = <Chip size="small" color={color} icon={icon} label={translate(`ai.status.${state}`)} data-state={state} />;
    hint = translateWith(`ai.status.${state}Hint`, params);
  }

  return (
    <Box data-testid="ai-status" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="caption" color="text.secondary">
          {translate('ai.status.label')}
        </Typography>
        {chip}
        {data && (
          <Chip size="small" variant="outlined" label={translate(data.colorDetector === 'ollama' ? 'ai.status.detectorOllama' : 'ai.status.detectorEmbedded')} data-testid="color-detector" />
        )}
        <Tooltip title={translate('ai.status.refresh')}>
          <span>
            <IconButton type="button" size="small" onClick={() => refetch()} disabled={isFetching} aria-label={translate('ai.status.refresh')}>
              <RefreshIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      {hint && (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="ai-status-hint">
          {hint}
        </Typography>
      )}
    </Box>
  );
};
