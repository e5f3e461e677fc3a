import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Box, CircularProgress, Dialog, DialogContent, DialogTitle, IconButton, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useTranslate } from 'react-admin';
import { Ltr } from '../common/Fields';
import { fileUrl } from './api';
import { keyStep, stepIndex, type FileOwner, type StoredFile } from './format';

/** The large picture, with a spinner until it has loaded and a sentence if it cannot be shown. */
const Picture = ({ src, alt }: { src: string; alt: string }) => {
  const translate = useTranslate();
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  useEffect(() => setState('loading'), [src]);
  return (
    <Box sx={{ position: 'relative', display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 240, width: '100%' }}>
      {state === 'loading' && <CircularProgress sx={{ position: 'absolute' }} aria-label={translate('common.loading')} />}
      {state === 'failed' ? (
        <Typography color="text.secondary">{translate('files.imageUnavailable')}</Typography>
      ) : (
        <Box
          component="img"
          key={src}
          src={src}
          alt={alt}
          data-testid="viewer-image"
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
          sx={{ maxWidth: '100%', maxHeight: 'calc(100vh - 220px)', objectFit: 'contain', opacity: state === 'loaded' ? 1 : 0, transition: 'opacity 150ms' }}
        />
      )}
    </Box>
  );
};

/**
 * The full-size viewer: 'Image N of M', previous and next (buttons, arrow keys, Home and End),
 * stepping between the first and the last image. `actions` are extra buttons for the shown image.
 */
export const ImageViewer = ({
  owner,
  ownerId,
  images,
  index,
  onIndex,
  onClose,
  actions,
}: {
  owner: FileOwner;
  ownerId: number | string;
  images: StoredFile[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
  actions?: (image: StoredFile) => ReactNode;
}) => {
  const translate = useTranslate();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const total = images.length;
  const position = Math.min(index, total - 1);
  const current = images[position];
  const rtl = theme.direction === 'rtl';

  // Arrow keys anywhere while the viewer is open: a step button that has just become disabled
  // drops the focus out of the dialog, and the keys must still work.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const next = keyStep(event.key, rtl ? 'rtl' : 'ltr', position, total);
      if (next === null) return;
      event.preventDefault();
      onIndex(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [rtl, position, total, onIndex]);

  // The focus stays in the viewer when the step button it was on becomes disabled (first or last
  // image), so that Escape and Tab keep working.
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const active = document.activeElement as HTMLButtonElement | null;
    if (!active || active === document.body || active.disabled) content.current?.focus();
  }, [position]);

  if (!current) return null;
  // The chevrons point the way the images move: in Arabic "next" is to the left.
  const PrevIcon = rtl ? ChevronRight : ChevronLeft;
  const NextIcon = rtl ? ChevronLeft : ChevronRight;
  const title = translate('files.viewerTitle', { index: position + 1, total });

  const stepButton = (delta: -1 | 1) => {
    const label = translate(delta < 0 ? 'files.previous' : 'files.next');
    const disabled = stepIndex(position, delta, total) === position;
    const Icon = delta < 0 ? PrevIcon : NextIcon;
    return (
      <Tooltip title={label}>
        <span>
          <IconButton
            onClick={() => onIndex(stepIndex(position, delta, total))}
            disabled={disabled}
            aria-label={label}
            data-testid={delta < 0 ? 'viewer-previous' : 'viewer-next'}
            size="large"
            sx={{ backgroundColor: 'action.hover' }}
          >
            <Icon fontSize="large" />
          </IconButton>
        </span>
      </Tooltip>
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      data-testid="image-viewer"
    >
      <DialogTitle id={titleId} sx={{ paddingInlineEnd: 7 }} data-testid="viewer-title">
        {title}
      </DialogTitle>
      <IconButton aria-label={translate('common.close')} title={translate('common.close')} onClick={onClose} sx={{ position: 'absolute', top: 8, insetInlineEnd: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent ref={content} tabIndex={-1} dividers sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, alignItems: 'center', outline: 'none' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%' }}>
          {stepButton(-1)}
          <Picture src={fileUrl(owner, ownerId, current.id, 'compressed')} alt={`${title}: ${current.fileName}`} />
          {stepButton(1)}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, width: '100%' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} data-testid="viewer-file-name">
              <Ltr>{current.fileName}</Ltr>
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {translate('files.keyboardHint')}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions?.(current)}</Box>
        </Box>
      </DialogContent>
    </Dialog>
  );
};
