import { useState } from 'react';
import { CircularProgress, IconButton, Tooltip } from '@mui/material';
import PaletteIcon from '@mui/icons-material/Palette';
import { useFormContext } from 'react-hook-form';
import { useNotify, useTranslate } from 'react-admin';
import { Toast } from '../common/Toast';
import type { StoredFile } from '../files/format';
import { detectColor } from './api';
import { aiErrorText } from './errors';
import { colorLabel, knownColor } from './colors';

/** The form field the detected colour goes into (vehicleInfo.color, in English). */
export const COLOR_FIELD = 'vehicleInfo.color';

/**
 * Detects the car's colour on one image (POST …/detect-color) and puts the English name into the
 * colour field of the edit form around it; the toast names the colour in the page's language.
 * No colour, or an error: vehicles.colorDetectionFailed (with the reason for an error).
 */
export const DetectColorButton = ({ vehicleId, image }: { vehicleId: number | string; image: StoredFile }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const form = useFormContext();
  const [busy, setBusy] = useState(false);

  const detect = async () => {
    setBusy(true);
    try {
      const { color } = await detectColor(vehicleId, image.id);
      const name = knownColor(color) ?? (typeof color === 'string' && color.trim() ? color.trim() : undefined);
      if (!name) {
        notify('vehicles.colorDetectionFailed', { type: 'warning' });
        return;
      }
      form?.setValue(COLOR_FIELD, name, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
      notify(translate('vehicles.colorDetected', { color: colorLabel(name, translate) }), { type: 'success' });
    } catch (error) {
      console.error(error);
      notify(<Toast title={translate('vehicles.colorDetectionFailed')} description={aiErrorText(error, translate, 'msg.error')} />, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const label = translate('ai.detectColorLabel', { name: image.fileName });
  return (
    <Tooltip title={translate(busy ? 'ai.detecting' : 'ai.detectColor')}>
      <span>
        <IconButton type="button" size="small" color="primary" onClick={detect} disabled={busy} aria-label={label} aria-busy={busy} data-testid="detect-color">
          {busy ? <CircularProgress size={18} color="inherit" /> : <PaletteIcon fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
};
