import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { ListCard, type CardFact } from '../common/ListCard';
import { DateText, Ltr } from '../common/Fields';
import { VehicleThumbnail } from '../files/VehicleThumbnail';
import { OverdueDocumentsChip } from './OverdueDocumentsChip';
import { StatusChip } from './StatusChip';
import { ColorText } from './ColorText';
import { StatusSelect } from './StatusSelect';
import { VinText, makeModelYear, vehicleEditPath } from './VinText';

/** A vehicle on a phone: the VIN (opens the vehicle, as in the table), its status, what and whose it is. */
export const VehicleCard = ({
  record,
  showsCompany,
  canSetStatus,
  actions,
}: {
  record: Record<string, any>;
  showsCompany: boolean;
  canSetStatus: boolean;
  actions: ReactNode;
}) => {
  const facts: CardFact[] = [
    { name: 'makeModelYear', label: 'vehicles.makeModelYear', value: makeModelYear(record) },
    { name: 'color', label: 'resources.vehicles.fields.vehicleInfo.color', value: <ColorText value={record.vehicleInfo?.color} /> },
    { name: 'containerNumber', label: 'resources.vehicles.fields.containerNumber', value: record.containerNumber ? <Ltr>{record.containerNumber}</Ltr> : '—' },
    ...(showsCompany
      ? [
          { name: 'companyName', label: 'resources.vehicles.fields.companyName', value: <bdi dir="auto">{record.companyName ?? '—'}</bdi> },
          { name: 'buyerName', label: 'resources.vehicles.fields.buyerName', value: record.buyerName ? <Ltr>{record.buyerName}</Ltr> : '—' },
        ]
      : []),
    { name: 'createdAt', label: 'resources.vehicles.fields.createdAt', value: <DateText value={record.createdAt} /> },
  ];
  return (
    <ListCard
      title={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <VehicleThumbnail record={record} to={vehicleEditPath(record.id)} />
          <Box sx={{ minWidth: 0 }}>
            <VinText vin={record.vin} to={vehicleEditPath(record.id)} />
            <OverdueDocumentsChip record={record} />
          </Box>
        </Box>
      }
      badge={canSetStatus ? <StatusSelect record={record as RaRecord} /> : <StatusChip status={record.status} />}
      facts={facts}
      actions={actions || undefined}
    />
  );
};
