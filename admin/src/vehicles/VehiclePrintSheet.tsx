import { useLocale, useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { Ltr } from '../common/Fields';
import { formatListDate } from '../common/dates';
import { PortRoute } from '../common/PortLabel';
import { hasValue, type LabelValue } from '../common/LabelValues';
import { PrintSheet } from '../print/PrintSheet';
import { PrintSection } from '../print/PrintSection';
import { PrintFacts } from '../print/PrintFacts';
import { PrintPhotos } from '../print/PrintPhotos';
import { PrintDocuments } from '../print/PrintDocuments';
import { colorLabel } from '../ai/colors';
import { useRecordFiles } from '../files/useRecordFiles';
import type { StoredFile } from '../files/format';
import { PrintStatusTimeline } from './PrintStatusTimeline';
import type { StatusEvent } from './StatusHistory';
import type { VehicleContainer } from './VehicleShipmentView';
import { StatusChip } from './StatusChip';
import { DETAIL_FIELDS, ELECTRIC_FIELDS } from './vehicleInfo';
import { vehicleValueLabel } from './vehicleValueLabel';

/**
 * The printed sheet of /vehicles/{id}/edit, for every role that opens it: the vehicle's facts and
 * its shipment, a few photos, the status timeline and the documents. The files are the page's
 * own (useRecordFiles), so a photo uploaded a moment ago is printed too.
 */
export const VehiclePrintSheet = ({ vehicle }: { vehicle: Record<string, any> }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const { images, documents } = useRecordFiles('vehicles', vehicle.id, vehicle.files as StoredFile[] | undefined);
  const container = (vehicle.container ?? null) as VehicleContainer | null;
  const info = (vehicle.vehicleInfo ?? {}) as Record<string, string>;
  const date = (value: unknown) => formatListDate(value, locale) || null;
  // The arrow is an icon, as on the page: the glyph showed as a box in a font without it.
  const route = container && (container.fromPort || container.toPort) ? <PortRoute from={container.fromPort} to={container.toPort} /> : null;

  const facts: (LabelValue & { wide?: boolean })[] = [
    { label: 'resources.vehicles.fields.vin', value: <Ltr>{vehicle.vin}</Ltr> },
    { label: 'resources.vehicles.fields.make', value: vehicle.make },
    { label: 'resources.vehicles.fields.model', value: vehicle.model },
    { label: 'resources.vehicles.fields.year', value: vehicle.year ? String(vehicle.year) : null },
    { label: 'resources.vehicles.fields.vehicleInfo.color', value: info.color ? colorLabel(info.color, translate) : null },
    { label: 'resources.vehicles.fields.containerNumber', value: container?.number || vehicle.containerNumber ? <Ltr>{container?.number ?? vehicle.containerNumber}</Ltr> : null, testId: 'print-container-number' },
    { label: 'vehicles.route', value: route },
    { label: 'resources.containers.fields.shippingLine', value: container?.shippingLine },
    { label: 'resources.containers.fields.loadingDate', value: date(container?.loadingDate) },
    { label: 'resources.containers.fields.arrivalDate', value: date(container?.arrivalDate) },
    { label: 'resources.vehicles.fields.buyerId', value: vehicle.buyerName ? <Ltr>{vehicle.buyerName}</Ltr> : null },
    ...[...DETAIL_FIELDS, ...ELECTRIC_FIELDS].map((field) => ({ label: `resources.vehicles.fields.vehicleInfo.${field}`, value: info[field] ? vehicleValueLabel(field, info[field], translate) : info[field] })),
    {
      label: 'resources.vehicles.fields.notes',
      value: hasValue(vehicle.notes) ? <Box component="span" dir="auto">{vehicle.notes}</Box> : null,
      wide: true,
    },
  ];

  return (
    <PrintSheet
      kind="print.vehicleSheet"
      title={<Ltr>{vehicle.vin}</Ltr>}
      badge={<StatusChip status={vehicle.status} />}
      companyId={vehicle.companyId}
      companyName={vehicle.companyName}
      testId="vehicle-print-sheet"
    >
      <PrintSection title="print.facts" testId="print-facts">
        <PrintFacts items={facts} />
      </PrintSection>
      <PrintPhotos owner="vehicles" ownerId={vehicle.id} images={images} />
      <PrintStatusTimeline events={(vehicle.statusHistory ?? []) as StatusEvent[]} />
      <PrintDocuments documents={documents} />
    </PrintSheet>
  );
};
