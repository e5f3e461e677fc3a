import { Alert, Tooltip } from '@mui/material';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { useTranslate } from 'react-admin';

/** "This container holds N cars; a 40HC usually takes 4." from a container row or detail. */
export const useCapacityText = () => {
  const translate = useTranslate();
  return (container: Record<string, any>) =>
    translate('containers.capacityWarning', {
      count: container.vehicleCount,
      size: container.containerSize ?? '',
      capacity: container.capacity,
    });
};

/** A small warning sign with its reason on hover and for screen readers (table cells). */
export const WarningSign = ({ text, testId }: { text: string; testId?: string }) => (
  <Tooltip title={text}>
    <WarningIcon color="warning" fontSize="small" aria-label={text} role="img" data-testid={testId} sx={{ verticalAlign: 'middle', marginInlineStart: 0.5 }} />
  </Tooltip>
);

/** The warnings of a container page: the check digit of its number, and more cars than it holds. */
export const ContainerAlerts = ({ container }: { container: Record<string, any> }) => {
  const translate = useTranslate();
  const capacityText = useCapacityText();
  return (
    <>
      {container.numberCheckDigitValid === false && (
        <Alert severity="warning" data-testid="container-check-digit-warning">
          {translate('containers.checkDigitWarning')}
        </Alert>
      )}
      {container.overCapacity && (
        <Alert severity="warning" data-testid="capacity-warning">
          {capacityText(container)}
        </Alert>
      )}
    </>
  );
};
