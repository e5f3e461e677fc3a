import type { ReactNode } from 'react';
import { ContainerStatusChip } from './ContainerStatusChip';
import { Box, Link as MuiLink } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { ListCard, type CardFact } from '../common/ListCard';
import { DateText, Ltr } from '../common/Fields';
import { containerPorts, portLabel } from '../common/ports';
import { WarningSign, useCapacityText } from './ContainerWarnings';

/**
 * A container on a phone: its number (opens the container, as in the table), the vehicle count
 * where the table has its column, both dates, the route and what identifies the shipment.
 */
export const ContainerCard = ({ record, showsCompany, actions }: { record: Record<string, any>; showsCompany: boolean; actions: ReactNode }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const capacityText = useCapacityText();
  const ports = containerPorts(record);
  const facts: CardFact[] = [
    { name: 'loadingDate', label: 'resources.containers.fields.loadingDate', value: <DateText value={record.loadingDate} /> },
    { name: 'arrivalDate', label: 'resources.containers.fields.arrivalDate', value: <DateText value={record.arrivalDate} /> },
    { name: 'from', label: 'resources.containers.fields.fromPortId', value: portLabel(ports.from, locale) },
    { name: 'to', label: 'resources.containers.fields.toPortId', value: portLabel(ports.to, locale) },
    { name: 'containerSize', label: 'resources.containers.fields.containerSize', value: record.containerSize ? <Ltr>{record.containerSize}</Ltr> : '—' },
    { name: 'bookingNumber', label: 'resources.containers.fields.bookingNumber', value: record.bookingNumber ? <Ltr>{record.bookingNumber}</Ltr> : '—' },
    { name: 'sealNumber', label: 'resources.containers.fields.sealNumber', value: record.sealNumber ? <Ltr>{record.sealNumber}</Ltr> : '—' },
    { name: 'shippingLine', label: 'resources.containers.fields.shippingLine', value: record.shippingLine ?? '—' },
    ...(showsCompany ? [{ name: 'companyName', label: 'resources.containers.fields.companyName', value: <bdi dir="auto">{record.companyName ?? '—'}</bdi> }] : []),
  ];
  return (
    <ListCard
      title={
        <>
          <MuiLink component={Link} to={`/containers/${record.id}`} underline="hover" aria-label={translate('containers.open', { number: record.number })} sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
            <Ltr>{record.number}</Ltr>
          </MuiLink>
          {record.numberCheckDigitValid === false && <WarningSign text={translate('containers.checkDigitWarning')} testId="row-check-digit-warning" />}{' '}
          <ContainerStatusChip status={record.status ?? 'BOOKED'} late={record.arrivalLate} />
        </>
      }
      badge={
        <Box component="span" sx={{ whiteSpace: 'nowrap', color: 'text.secondary', typography: 'body2' }}>
          {translate('resources.containers.fields.vehicleCount')}: <span data-testid="vehicle-count">{record.vehicleCount ?? 0}</span>
          {record.overCapacity && <WarningSign text={capacityText(record)} testId="row-capacity-warning" />}
        </Box>
      }
      facts={facts}
      actions={actions}
    />
  );
};
