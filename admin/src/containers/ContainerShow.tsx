import { useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { useQueryClient } from '@tanstack/react-query';
import { Title, useNotify, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { Link, useParams } from 'react-router';
import { can, seesEveryCompany } from '@domain/permissions';
import { RequireAccess } from '../common/RequireAccess';
import { LoadingScreen } from '../common/LoadingScreen';
import { useCurrentUser } from '../providers/useCurrentUser';
import { errorMessage } from '../providers/errorMessage';
import { ErrorPanel } from '../common/ErrorPanel';
import { useDetail } from '../common/useDetail';
import { Section } from '../common/Section';
import { DateText, Ltr } from '../common/Fields';
import { containerPorts } from '../common/ports';
import { PortLabel } from '../common/PortLabel';
import { EditContainerButton } from './ContainerDialog';
import { ContainerAlerts } from './ContainerWarnings';
import { ContainerFileSections } from './ContainerFileSections';
import { HistoryPanel } from '../activity/HistoryPanel';
import { ContainerMilestones } from './ContainerMilestones';
import { AvailableVehicles, VehiclesIn, type Assigning } from './ContainerVehicles';
import { ContainerInvoiceButton } from '../invoices/ContainerInvoiceDialog';
import { PrintButton } from '../print/PrintButton';
import { ContainerPrintSheet } from './ContainerPrintSheet';
import { Isolated } from '../common/Bidi';

const flipInRtl = { transform: (theme: { direction: string }) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) } as const;

const BackToContainers = ({ variant = 'text' }: { variant?: 'text' | 'outlined' }) => {
  const translate = useTranslate();
  return (
    <Button component={Link} to="/containers" variant={variant} startIcon={<ArrowBackIcon sx={flipInRtl} />}>
      {translate('containers.backToList')}
    </Button>
  );
};

const Detail = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="body2" component="div" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

/** A vehicle's container changes (PATCH /api/vehicles/{id} {containerId}); errors keep the spec's words. */
function useAssign(onDone: () => void): Assigning {
  const [update] = useUpdate();
  const notify = useNotify();
  const translate = useTranslate();
  const [busyId, setBusyId] = useState<RaRecord['id'] | null>(null);
  const assign = async (vehicle: RaRecord, containerId: number | null) => {
    setBusyId(vehicle.id);
    try {
      await update('vehicles', { id: vehicle.id, data: { containerId }, previousData: vehicle }, { mutationMode: 'pessimistic', returnPromise: true });
      notify(containerId ? 'containers.vehicleAdded' : 'containers.vehicleRemoved', { type: 'success' });
    } catch (error) {
      const failed = translate(containerId ? 'msg.vehicleAddToContainerFailed' : 'msg.vehicleRemoveFromContainerFailed');
      const reason = errorMessage(error, translate, '');
      notify(reason && reason !== failed ? `${failed}: ${reason}` : failed, { type: 'error' });
    } finally {
      setBusyId(null);
      onDone();
    }
  };
  return { assign, busyId };
}

const ContainerPage = ({ container, refetch }: { container: RaRecord; refetch: () => void }) => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const canEditVehicles = can(user?.role, 'vehicles', 'update');
  const canEditContainer = can(user?.role, 'containers', 'update');
  const { from, to } = containerPorts(container);
  const refresh = () => {
    refetch();
    queryClient.invalidateQueries({ queryKey: ['vehicles'] });
  };
  const assigning = useAssign(refresh);

  return (
    <Box sx={{ paddingBlock: 2 }} data-testid="container-show">
      <Title title={translate('resources.containers.name', { smart_count: 1 })} />
      <Box sx={{ marginBlockEnd: 1 }}>
        <BackToContainers />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, marginBlockEnd: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
            <Ltr>{container.number}</Ltr>
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', marginBlockStart: 0.5 }} data-testid="container-route" aria-label={translate('containers.route')}>
            <Typography color="text.secondary">
              <PortLabel port={from} />
            </Typography>
            <ArrowForwardIcon fontSize="small" color="action" sx={flipInRtl} aria-hidden />
            <Typography color="text.secondary">
              <PortLabel port={to} />
            </Typography>
          </Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <PrintButton />
          <ContainerInvoiceButton container={container} />
          {canEditContainer && <EditContainerButton record={container} onSaved={refetch} />}
        </Box>
      </Box>

      <ContainerPrintSheet container={container} />

      <Stack spacing={2}>
        <ContainerAlerts container={container} />

        <ContainerMilestones container={container} onChanged={refresh} />

        <Section title="containers.details">
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' }, gap: 2 }}>
            <Detail label={translate('resources.containers.fields.bookingNumber')}>{container.bookingNumber ? <Ltr>{container.bookingNumber}</Ltr> : '—'}</Detail>
            <Detail label={translate('resources.containers.fields.containerSize')}>{container.containerSize ? <Ltr>{container.containerSize}</Ltr> : '—'}</Detail>
            <Detail label={translate('resources.containers.fields.loadingDate')}>
              <DateText value={container.loadingDate} />
            </Detail>
            <Detail label={translate('resources.containers.fields.arrivalDate')}>
              <DateText value={container.arrivalDate} />
            </Detail>
            <Detail label={translate('resources.containers.fields.sealNumber')}>{container.sealNumber ? <Ltr>{container.sealNumber}</Ltr> : '—'}</Detail>
            <Detail label={translate('resources.containers.fields.shippingLine')}>{container.shippingLine ?? '—'}</Detail>
            <Detail label={translate('resources.containers.fields.vehicleCount')}>
              <Ltr>
                <span data-testid="vehicle-count">{container.vehicleCount ?? (container.vehicles ?? []).length}</span>
                {container.capacity ? ` / ${container.capacity}` : ''}
              </Ltr>
            </Detail>
            {container.companyName && seesEveryCompany(user?.role) && <Detail label={translate('resources.containers.fields.companyName')}><Isolated>{container.companyName}</Isolated></Detail>}
          </Box>
        </Section>

        <ContainerFileSections container={container} />

        <Section title="containers.vehiclesIn" testId="section-vehicles-in">
          <VehiclesIn container={container} assigning={assigning} canEdit={canEditVehicles} />
        </Section>

        <Section title="containers.available" testId="section-available">
          <AvailableVehicles container={container} assigning={assigning} canEdit={canEditVehicles} />
        </Section>

        <HistoryPanel entity="containers" record={container} />
      </Stack>
    </Box>
  );
};

const ContainerLoader = ({ id }: { id: number }) => {
  const { data, isPending, error, refetch } = useDetail<RaRecord>('containers', id);
  if (isPending) return <LoadingScreen />;
  if (error || !data) {
    return <ErrorPanel title="nav.containers" message="msg.containerLoadFailed" action={<BackToContainers variant="outlined" />} />;
  }
  return <ContainerPage container={data} refetch={refetch} />;
};

/** /containers/{id}: the container, its vehicles, and the company's other vehicles to add. */
const ContainerShow = () => {
  const { id } = useParams();
  const valid = !!id && /^\d+$/.test(id) && Number(id) > 0 && Number(id) <= 2 ** 31 - 1;
  return (
    <RequireAccess resource="containers">
      {valid ? (
        <ContainerLoader id={Number(id)} />
      ) : (
        <ErrorPanel title="nav.containers" message="msg.invalidContainerId" action={<BackToContainers variant="outlined" />} />
      )}
    </RequireAccess>
  );
};

export default ContainerShow;
