import { useState } from 'react';
import {
  Box,
  Button,
  Chip,
  InputAdornment,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutlined';
import SearchIcon from '@mui/icons-material/Search';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { useQueryClient } from '@tanstack/react-query';
import { Title, useGetList, useNotify, useTranslate, useUpdate, type RaRecord } from 'react-admin';
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
import { useDebouncedValue } from '../common/useDebouncedValue';
import { StatusChip } from '../vehicles/StatusChip';
import { VinText, vehicleEditPath } from '../vehicles/VinText';
import { EditContainerButton } from './ContainerDialog';
import { ContainerAlerts } from './ContainerWarnings';
import { ContainerFileSections } from './ContainerFileSections';
import { OtherContainerChip } from './OtherContainerChip';
import { ContainerInvoiceButton } from '../invoices/ContainerInvoiceDialog';
import { PrintButton } from '../print/PrintButton';
import { ContainerPrintSheet } from './ContainerPrintSheet';
import { Isolated } from '../common/Bidi';

const AVAILABLE_PER_PAGE = 10;

const flipInRtl = { transform: (theme: { direction: string }) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) } as const;

const BackToContainers = ({ variant = 'text' }: { variant?: 'text' | 'outlined' }) => {
  const translate = useTranslate();
  return (
    <Button component={Link} to="/containers" variant={variant} startIcon={<ArrowBackIcon sx={flipInRtl} />}>
      {translate('containers.backToList')}
    </Button>
  );
};

const Empty = ({ text }: { text: string }) => (
  <Typography color="text.secondary" sx={{ paddingBlock: 2, textAlign: 'center' }} data-testid="empty-text">
    {text}
  </Typography>
);

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
function useAssign(onDone: () => void) {
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

/** The columns both vehicle tables of the page share: VIN (linking to the edit page), make, model, year, status. */
const VehicleHeadCells = () => {
  const translate = useTranslate();
  return (
    <>
      {(['vin', 'make', 'model', 'year', 'status'] as const).map((field) => (
        <TableCell key={field}>{translate(`resources.vehicles.fields.${field}`)}</TableCell>
      ))}
    </>
  );
};

const VehicleCells = ({ vehicle }: { vehicle: RaRecord }) => (
  <>
    <TableCell>
      <VinText vin={vehicle.vin} to={vehicleEditPath(vehicle.id)} />
    </TableCell>
    <TableCell>{vehicle.make ?? '—'}</TableCell>
    <TableCell>{vehicle.model ?? '—'}</TableCell>
    <TableCell>{vehicle.year ?? '—'}</TableCell>
    <TableCell>
      <StatusChip status={vehicle.status} />
    </TableCell>
  </>
);

const VehiclesIn = ({ vehicles, busyId, onRemove, canEdit }: { vehicles: RaRecord[]; busyId: unknown; onRemove: (v: RaRecord) => void; canEdit: boolean }) => {
  const translate = useTranslate();
  if (vehicles.length === 0) return <Empty text={translate('containers.noVehiclesIn')} />;
  return (
    <TableContainer>
      <Table size="small" data-testid="container-vehicles">
        <TableHead>
          <TableRow>
            <VehicleHeadCells />
            {canEdit && <TableCell align="right">{translate('common.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {vehicles.map((vehicle) => (
            <TableRow key={vehicle.id}>
              <VehicleCells vehicle={vehicle} />
              {canEdit && (
                <TableCell align="right">
                  <Button
                    size="small"
                    color="warning"
                    startIcon={<RemoveIcon />}
                    disabled={busyId === vehicle.id}
                    onClick={() => onRemove(vehicle)}
                    aria-label={translate('containers.removeLabel', { vin: vehicle.vin })}
                  >
                    {translate('containers.remove')}
                  </Button>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

const AvailableVehicles = ({
  container,
  busyId,
  onAdd,
  canEdit,
}: {
  container: RaRecord;
  busyId: unknown;
  onAdd: (v: RaRecord) => void;
  canEdit: boolean;
}) => {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const q = useDebouncedValue(search.trim(), 300);
  const { data = [], total = 0, isPending, error } = useGetList('vehicles', {
    filter: { companyId: container.companyId, ...(q ? { q } : {}) },
    pagination: { page: page + 1, perPage: AVAILABLE_PER_PAGE },
    sort: { field: 'createdAt', order: 'DESC' },
  });
  // The vehicles of this container are listed above; "available" are all the others.
  const others = data.filter((vehicle) => vehicle.containerId !== container.id);

  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ marginBlockEnd: 1.5 }}>
        {translate('containers.availableHint')}
      </Typography>
      <TextField
        size="small"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(0);
        }}
        placeholder={translate('vehicles.searchHint')}
        slotProps={{
          htmlInput: { 'aria-label': translate('ra.action.search'), 'data-testid': 'available-search' },
          input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
        }}
        sx={{ marginBlockEnd: 1, width: { xs: '100%', sm: 320 } }}
      />
      {isPending ? (
        <Box>{[0, 1, 2].map((i) => <Skeleton key={i} height={40} />)}</Box>
      ) : error ? (
        <Typography color="error" sx={{ paddingBlock: 2 }}>
          {errorMessage(error, translate)}
        </Typography>
      ) : others.length === 0 ? (
        <Empty text={translate(q ? 'containers.noMatch' : 'containers.noAvailable')} />
      ) : (
        <TableContainer>
          <Table size="small" data-testid="available-vehicles">
            <TableHead>
              <TableRow>
                <VehicleHeadCells />
                <TableCell>{translate('containers.assignment')}</TableCell>
                {canEdit && <TableCell align="right">{translate('common.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {others.map((vehicle) => (
                <TableRow key={vehicle.id}>
                  <VehicleCells vehicle={vehicle} />
                  <TableCell>
                    {vehicle.containerId ? (
                      <OtherContainerChip number={vehicle.containerNumber} />
                    ) : (
                      <Chip size="small" label={translate('containers.none')} data-testid="assignment" />
                    )}
                  </TableCell>
                  {canEdit && (
                    <TableCell align="right">
                      {!vehicle.containerId && (
                        <Button
                          size="small"
                          variant="outlined"
                          startIcon={<AddIcon />}
                          disabled={busyId === vehicle.id}
                          onClick={() => onAdd(vehicle)}
                          aria-label={translate('containers.addLabel', { vin: vehicle.vin })}
                        >
                          {translate('containers.addVehicle')}
                        </Button>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {total > AVAILABLE_PER_PAGE && (
        <TablePagination
          component="div"
          count={total}
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={AVAILABLE_PER_PAGE}
          rowsPerPageOptions={[]}
          labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
          getItemAriaLabel={(type) => translate(type === 'next' ? 'ra.navigation.next' : type === 'previous' ? 'ra.navigation.previous' : `ra.navigation.${type}`, { _: type })}
        />
      )}
    </>
  );
};

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
  const { assign, busyId } = useAssign(refresh);

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
          <VehiclesIn vehicles={container.vehicles ?? []} busyId={busyId} onRemove={(vehicle) => assign(vehicle, null)} canEdit={canEditVehicles} />
        </Section>

        <Section title="containers.available" testId="section-available">
          <AvailableVehicles container={container} busyId={busyId} onAdd={(vehicle) => assign(vehicle, Number(container.id))} canEdit={canEditVehicles} />
        </Section>
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
