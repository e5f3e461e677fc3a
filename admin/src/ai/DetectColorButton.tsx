import { useState } from 'react';
import { CircularProgress, IconButton, Tooltip } from '@mui/material';
import PaletteIcon from '@mui/icons-material/Palette';
import { useFormContext } from 'react-hook-form';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { Toast } from '../common/Toast';
import type { StoredFile } from '../files/format';
import { detectColor } from './api';
import { aiErrorText } from './errors';
import { colorLabel, knownColor } from './colors';

/** The form field the detected colour goes into (vehicleInfo.color, in English). */
export const COLOR_FIELD = 'vehicleInfo.color';

/** The colour already in the field, if it says something other than the detected one. */
function colorToReplace(current: unknown, detected: string): string | undefined {
  if (typeof current !== 'string' || !current.trim()) return undefined;
  return current.trim().toLowerCase() === detected.toLowerCase() ? undefined : current.trim();
}

/**
 * Detects the car's colour on one image (POST …/detect-color) and puts the English name into the
 * colour field of the edit form around it; the toast names the colour in the page's language.
 * An empty field is filled at once; a colour somebody typed (or saved) is replaced only after the
 * user says so, since the model can be wrong about paint the user has seen.
 * No colour, or an error: vehicles.colorDetectionFailed (with the reason for an error).
 */
export const DetectColorButton = ({ vehicleId, image }: { vehicleId: number | string; image: StoredFile }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const form = useFormContext();
  const [busy, setBusy] = useState(false);
  // The detected colour waiting for the user's answer, with the one it would replace.
  const [pending, setPending] = useState<{ detected: string; current: string } | null>(null);

  const fill = (name: string) => {
    form?.setValue(COLOR_FIELD, name, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
    notify(translate('vehicles.colorDetected', { color: colorLabel(name, translate) }), { type: 'success' });
  };

  const detect = async () => {
    setBusy(true);
    try {
      const { color } = await detectColor(vehicleId, image.id);
      const name = knownColor(color) ?? (typeof color === 'string' && color.trim() ? color.trim() : undefined);
      if (!name) {
        notify('vehicles.colorDetectionFailed', { type: 'warning' });
        return;
      }
      const current = colorToReplace(form?.getValues(COLOR_FIELD), name);
      if (current) setPending({ detected: name, current });
      else fill(name);
    } catch (error) {
      console.error(error);
      notify(<Toast title={translate('vehicles.colorDetectionFailed')} description={aiErrorText(error, translate, 'msg.error')} />, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const label = translate('ai.detectColorLabel', { name: image.fileName });
  return (
    <>
      <Tooltip title={translate(busy ? 'ai.detecting' : 'ai.detectColor')}>
        <span>
          <IconButton type="button" size="small" color="primary" onClick={detect} disabled={busy} aria-label={label} aria-busy={busy} data-testid="detect-color">
            {busy ? <CircularProgress size={18} color="inherit" /> : <PaletteIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
      <Confirm
        isOpen={pending !== null}
        title="ai.replaceColorTitle"
        content="ai.replaceColorText"
        contentTranslateOptions={{ current: pending ? colorLabel(pending.current, translate) : '', detected: pending ? colorLabel(pending.detected, translate) : '' }}
        confirm="ai.replaceColor"
        cancel="ai.keepColor"
        onConfirm={() => {
          if (pending) fill(pending.detected);
          setPending(null);
        }}
        onClose={() => setPending(null)}
        data-testid="replace-color-dialog"
      />
    </>
  );
};
