import { Alert, Box, Button, Chip, Skeleton, Typography } from '@mui/material';
import AutoFixIcon from '@mui/icons-material/AutoFixHigh';
import { useQuery } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { normalizeVin } from '@domain/vin';
import { useAccessChecked } from '../providers/useAccessChecked';
import { errorMessage } from '../providers/errorMessage';
import { useDebouncedValue } from '../common/useDebouncedValue';
import { decodeVin } from './api';
import { fillEmpty } from './vehicleInfo';
import { validateVin } from './vinValidation';

const DECODE_STALE_MS = 24 * 60 * 60 * 1000;

const Row = ({ label, value }: { label: string; value: React.ReactNode }) => (
  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, paddingBlock: 0.5, borderBlockEnd: '1px solid', borderColor: 'divider' }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2" sx={{ fontWeight: 500, textAlign: 'end' }}>
      {value}
    </Typography>
  </Box>
);

/**
 * GET /api/vin/{vin} for the VIN typed in the form around (after a pause in typing), once it is a
 * valid VIN: what the public vehicle database, or offline the bundled decoder, knows of it.
 */
export function useVinDecode() {
  const accessChecked = useAccessChecked();
  const typed = normalizeVin(String(useWatch({ name: 'vin' }) ?? ''));
  const vin = useDebouncedValue(typed, 400);
  const valid = vin.length > 0 && !validateVin(vin);
  const query = useQuery({
    queryKey: ['vin-decode', vin],
    queryFn: () => accessChecked(() => decodeVin(vin)),
    enabled: valid,
    staleTime: DECODE_STALE_MS,
  });
  // The answer belongs to the VIN in the field only once typing has settled on it.
  return { ...query, valid, settled: vin === typed };
}

/**
 * What GET /api/vin/{vin} says about the VIN in the form (make, model, year, and whether the public
 * database or the bundled decoder answered), the check-digit warning, and a button that copies the
 * decoded values into the fields that are still empty.
 */
export const VinDecodeCard = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { getValues, setValue } = useFormContext();
  const { data, isFetching, error, valid } = useVinDecode();

  if (!valid) return <Typography color="text.secondary">{translate('vehicles.decode.invalidVin')}</Typography>;
  if (isFetching && !data) return <Skeleton variant="rounded" height={120} />;
  if (error) return <Alert severity="error">{`${translate('vehicles.decode.failed')} ${errorMessage(error, translate, '')}`.trim()}</Alert>;
  if (!data) return null;

  const unknown = translate('vehicles.decode.unknown');
  const apply = () => {
    const decoded: Record<string, string> = {};
    if (data.make) decoded.make = data.make;
    if (data.model) decoded.model = data.model;
    if (data.year) decoded.year = String(data.year);
    const top = fillEmpty(getValues(), decoded);
    const info = fillEmpty(getValues('vehicleInfo'), data.vehicleInfo ?? {});
    for (const [key, value] of Object.entries(top)) setValue(key, key === 'year' ? Number(value) : value, { shouldDirty: true, shouldValidate: true });
    for (const [key, value] of Object.entries(info)) setValue(`vehicleInfo.${key}`, value, { shouldDirty: true });
    const filled = Object.keys(top).length + Object.keys(info).length;
    notify(filled ? 'vehicles.decode.applied' : 'vehicles.decode.nothingToApply', { type: 'info' });
  };

  return (
    <Box data-testid="vin-decode">
      <Row label={translate('resources.vehicles.fields.make')} value={data.make ?? unknown} />
      <Row label={translate('resources.vehicles.fields.model')} value={data.model ?? unknown} />
      <Row label={translate('resources.vehicles.fields.year')} value={data.year ?? unknown} />
      <Row
        label={translate('vehicles.decode.source')}
        value={
          <Chip
            size="small"
            variant="outlined"
            color={data.source === 'vpic' ? 'primary' : 'default'}
            label={translate(`vehicles.decode.${data.source}`)}
            data-testid="vin-decode-source"
          />
        }
      />
      {data.checkDigitValid ? (
        <Typography variant="body2" color="success.main" sx={{ marginBlockStart: 1.5 }}>
          {translate('vehicles.decode.checkDigitValid')}
        </Typography>
      ) : (
        <Alert severity="warning" sx={{ marginBlockStart: 1.5 }} data-testid="vin-check-digit-warning">
          {translate('vehicles.checkDigitWarning')}
        </Alert>
      )}
      <Button size="small" startIcon={<AutoFixIcon />} onClick={apply} sx={{ marginBlockStart: 1.5 }}>
        {translate('vehicles.decode.apply')}
      </Button>
    </Box>
  );
};
