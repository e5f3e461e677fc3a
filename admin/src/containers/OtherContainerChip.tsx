import { Chip } from '@mui/material';
import { Ltr } from '../common/Fields';
import { useTranslateWith } from '../common/Interpolate';

/**
 * The assignment of an available vehicle that already sits in another container: it names that
 * container, so the user knows where to remove it from before adding it here (the number stays
 * left to right in Arabic).
 */
export const OtherContainerChip = ({ number }: { number: string | null | undefined }) => {
  const translateWith = useTranslateWith();
  return (
    <Chip
      size="small"
      variant="outlined"
      label={translateWith('containers.otherContainer', { number: <Ltr>{number ?? '—'}</Ltr> })}
      data-testid="assignment"
    />
  );
};
