import { Box, Grid, Link as MuiLink, Stack, Typography } from '@mui/material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Title, useLocale, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { can } from '@domain/permissions';
import { useCurrentUser } from '../providers/useCurrentUser';
import { Section } from '../common/Section';
import { Ltr } from '../common/Fields';
import { LabelValues, hasValue, type LabelValue } from '../common/LabelValues';
import { Name, useTranslateWith } from '../common/Interpolate';
import type { PortLike } from '../common/ports';
import { PortLabel } from '../common/PortLabel';
import { formatListDate } from '../common/dates';
import { colorLabel } from '../ai/colors';
import { DamageCheckSection } from '../ai/DamageCheck';
import type { StoredFile } from '../files/format';
import { StatusChip } from './StatusChip';
import { StatusHistory, type StatusEvent } from './StatusHistory';
import { VehicleDocumentsSection, VehicleImagesSection } from './VehicleFileSections';
import { VehicleChecklist } from './VehicleChecklist';
import { DETAIL_FIELDS, ELECTRIC_FIELDS } from './vehicleInfo';
import { vehicleValueLabel } from './vehicleValueLabel';
import { VehiclePrintSheet } from './VehiclePrintSheet';
import { PrintButton } from '../print/PrintButton';

/** The container of GET /api/vehicles/{id}: its number, dates, shipping line and route. */
export interface VehicleContainer {
  id: number;
  number: string;
  containerSize?: string | null;
  loadingDate?: string | null;
  arrivalDate?: string | null;
  shippingLine?: string | null;
  fromPort?: PortLike | null;
  toPort?: PortLike | null;
}

/** Port of origin → port of destination, in the page's language; the arrow points the reading way. */
const Route = ({ from, to }: { from?: PortLike | null; to?: PortLike | null }) => {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 0.75 }}>
      <span data-testid="route-from">
        <PortLabel port={from} />
      </span>
      <ArrowForwardIcon fontSize="small" color="action" aria-hidden sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
      <span data-testid="route-to">
        <PortLabel port={to} />
      </span>
    </Box>
  );
};

/**
 * /vehicles/{id}/edit for whoever may not change vehicles (a buyer): what the car is, where it is
 * on its way (container, route, shipping line, dates), its status history, photos and documents,
 * as label and value; facts nobody has entered are left out, never shown as empty inputs.
 */
export const VehicleShipmentView = ({ vehicle, backButton }: { vehicle: Record<string, any>; backButton: React.ReactNode }) => {
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const locale = useLocale();
  const { user } = useCurrentUser();
  const container = (vehicle.container ?? null) as VehicleContainer | null;
  const info = (vehicle.vehicleInfo ?? {}) as Record<string, string>;
  const files = (vehicle.files ?? []) as StoredFile[];
  const date = (value: unknown) => formatListDate(value, locale) || null;
  const color = info.color ? colorLabel(info.color, translate) : null;

  const containerNumber = container ? (
    can(user?.role, 'containers', 'read') ? (
      <MuiLink component={Link} to={`/containers/${container.id}`}>
        <Ltr>{container.number}</Ltr>
      </MuiLink>
    ) : (
      <Ltr>{container.number}</Ltr>
    )
  ) : null;
  const shipment: LabelValue[] = [
    { label: 'resources.vehicles.fields.containerNumber', value: containerNumber ?? translate('vehicles.noContainer'), testId: 'shipment-container' },
    {
      label: 'vehicles.route',
      value: container && (container.fromPort || container.toPort) ? <Route from={container.fromPort} to={container.toPort} /> : null,
      testId: 'shipment-route',
    },
    { label: 'resources.containers.fields.shippingLine', value: container?.shippingLine, testId: 'shipment-shipping-line' },
    { label: 'resources.containers.fields.loadingDate', value: date(container?.loadingDate), testId: 'shipment-loading-date' },
    { label: 'resources.containers.fields.arrivalDate', value: date(container?.arrivalDate), testId: 'shipment-arrival-date' },
    { label: 'resources.containers.fields.containerSize', value: container?.containerSize ? <Ltr>{container.containerSize}</Ltr> : null, testId: 'shipment-size' },
  ];
  const facts: LabelValue[] = [
    { label: 'resources.vehicles.fields.vin', value: <Ltr>{vehicle.vin}</Ltr> },
    { label: 'resources.vehicles.fields.make', value: vehicle.make },
    { label: 'resources.vehicles.fields.model', value: vehicle.model },
    { label: 'resources.vehicles.fields.year', value: vehicle.year ? String(vehicle.year) : null },
    { label: 'resources.vehicles.fields.vehicleInfo.color', value: color },
    ...[...DETAIL_FIELDS, ...ELECTRIC_FIELDS].map((field) => ({ label: `resources.vehicles.fields.vehicleInfo.${field}`, value: info[field] ? vehicleValueLabel(field, info[field], translate) : info[field] })),
    {
      label: 'resources.vehicles.fields.notes',
      value: hasValue(vehicle.notes) ? <Box component="span" dir="auto" sx={{ whiteSpace: 'pre-wrap', fontWeight: 400 }}>{vehicle.notes}</Box> : null,
    },
  ];
  const hasImages = files.some((file) => file.fileType === 'IMAGE');
  const hasDocuments = files.some((file) => file.fileType === 'DOCUMENT');
  const hasReport = hasValue(vehicle.accidentAnalysis) || hasValue(vehicle.accidentAnalysisAr);

  return (
    <Box sx={{ paddingBlock: 2 }} data-testid="vehicle-view">
      <Title title={translate('vehicles.pageTitle')} />
      <Box sx={{ marginBlockEnd: 1 }}>{backButton}</Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, marginBlockEnd: 2 }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {translateWith('vehicles.viewTitle', { vin: <Name>{vehicle.vin}</Name> })}
        </Typography>
        <StatusChip status={vehicle.status} size="medium" />
        <Box sx={{ marginInlineStart: 'auto' }}>
          <PrintButton />
        </Box>
      </Box>
      <VehiclePrintSheet vehicle={vehicle} />

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={2}>
            <Section title="vehicles.sections.shipment" testId="section-shipment">
              <LabelValues items={shipment} testId="shipment" />
            </Section>
            <Section title="vehicles.sections.basic" testId="section-facts">
              <LabelValues items={facts} testId="facts" />
            </Section>
            {hasImages && <VehicleImagesSection vehicle={vehicle} />}
            <VehicleChecklist vehicleId={vehicle.id} />
            {hasDocuments && <VehicleDocumentsSection vehicle={vehicle} />}
            {hasReport && <DamageCheckSection vehicle={vehicle} />}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Section title="vehicles.sections.history" testId="section-history">
            <StatusHistory events={(vehicle.statusHistory ?? []) as StatusEvent[]} />
          </Section>
        </Grid>
      </Grid>
    </Box>
  );
};
