import { Box } from '@mui/material';
import { useLocale, useTranslate, type RaRecord } from 'react-admin';
import { Ltr } from '../common/Fields';
import { formatListDate } from '../common/dates';
import { containerPorts, portLabel } from '../common/ports';
import type { LabelValue } from '../common/LabelValues';
import { PrintSheet } from '../print/PrintSheet';
import { PrintEmpty, PrintMore, PrintSection, printTableSx } from '../print/PrintSection';
import { PrintFacts } from '../print/PrintFacts';
import { PrintPhotos } from '../print/PrintPhotos';
import { PrintDocuments } from '../print/PrintDocuments';
import { PRINT_LIMITS, firstOf } from '../print/printLimits';
import { useRecordFiles } from '../files/useRecordFiles';
import type { StoredFile } from '../files/format';
import { StatusChip } from '../vehicles/StatusChip';

/** The container's vehicles on paper: VIN, make, model, year and status. */
const PrintVehicles = ({ vehicles }: { vehicles: RaRecord[] }) => {
  const translate = useTranslate();
  const { shown, more } = firstOf(vehicles, PRINT_LIMITS.vehicles);
  return (
    <PrintSection title="containers.vehiclesIn" testId="print-vehicles">
      {shown.length === 0 ? (
        <PrintEmpty message="containers.noVehiclesIn" />
      ) : (
        <Box component="table" sx={printTableSx}>
          <thead>
            <tr>
              {(['vin', 'make', 'model', 'year', 'status'] as const).map((field) => (
                <th key={field}>{translate(`resources.vehicles.fields.${field}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((vehicle) => (
              <tr key={vehicle.id} data-testid="print-vehicle">
                <td style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                  <Ltr>{vehicle.vin}</Ltr>
                </td>
                <td>{vehicle.make ?? '—'}</td>
                <td>{vehicle.model ?? '—'}</td>
                <td>{vehicle.year ?? '—'}</td>
                <td>
                  <StatusChip status={vehicle.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
      <PrintMore count={more} />
    </PrintSection>
  );
};

/**
 * The printed sheet of /containers/{id}: the container's facts and route, a few photos, its
 * vehicles and its documents. It follows the page: vehicles added or removed, files uploaded.
 */
export const ContainerPrintSheet = ({ container }: { container: RaRecord }) => {
  const locale = useLocale();
  const { images, documents } = useRecordFiles('containers', container.id, container.files as StoredFile[] | undefined);
  const { from, to } = containerPorts(container);
  const date = (value: unknown) => formatListDate(value, locale) || null;
  const text = (value: unknown) => (value ? <Ltr>{String(value)}</Ltr> : null);
  const vehicles = (container.vehicles ?? []) as RaRecord[];
  const count = container.vehicleCount ?? vehicles.length;

  const facts: LabelValue[] = [
    { label: 'resources.containers.fields.fromPortId', value: from ? portLabel(from, locale) : null },
    { label: 'resources.containers.fields.toPortId', value: to ? portLabel(to, locale) : null },
    { label: 'resources.containers.fields.shippingLine', value: container.shippingLine },
    { label: 'resources.containers.fields.bookingNumber', value: text(container.bookingNumber) },
    { label: 'resources.containers.fields.sealNumber', value: text(container.sealNumber) },
    { label: 'resources.containers.fields.containerSize', value: text(container.containerSize) },
    { label: 'resources.containers.fields.vehicleCount', value: <Ltr>{container.capacity ? `${count} / ${container.capacity}` : String(count)}</Ltr> },
    { label: 'resources.containers.fields.loadingDate', value: date(container.loadingDate) },
    { label: 'resources.containers.fields.arrivalDate', value: date(container.arrivalDate) },
  ];

  return (
    <PrintSheet
      kind="print.containerSheet"
      title={<Ltr>{container.number}</Ltr>}
      companyId={container.companyId}
      companyName={container.companyName}
      testId="container-print-sheet"
    >
      <PrintSection title="print.facts" testId="print-facts">
        <PrintFacts items={facts} />
      </PrintSection>
      <PrintPhotos owner="containers" ownerId={container.id} images={images} />
      <PrintVehicles vehicles={vehicles} />
      <PrintDocuments documents={documents} />
    </PrintSheet>
  );
};
