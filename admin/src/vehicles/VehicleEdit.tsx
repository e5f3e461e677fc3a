import { Box, Button, Chip, Grid, Stack, TextField, Typography, type Theme } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  AutocompleteInput,
  Form,
  NumberInput,
  ReferenceInput,
  SaveButton,
  SelectInput,
  TextInput,
  Title,
  maxLength,
  required,
  useLocale,
  useNotify,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router';
import { can, seesEveryCompany } from '@domain/permissions';
import { VIN_LENGTH } from '@domain/vin';
import { VEHICLE_BUYER_ROLES } from '@domain/roles';
import { RequireAccess } from '../common/RequireAccess';
import { LoadingScreen } from '../common/LoadingScreen';
import { useCurrentUser } from '../providers/useCurrentUser';
import { codeOf, statusOf } from '../providers/http';
import { errorMessage, fieldErrorsOf } from '../providers/errorMessage';
import { ErrorPanel } from '../common/ErrorPanel';
import { useDetail } from '../common/useDetail';
import { Section } from '../common/Section';
import { Ltr, showEmptyChoice } from '../common/Fields';
import { Name, useTranslateWith } from '../common/Interpolate';
import { portChoiceProps } from '../common/PortLabel';
import { ContainerSelect } from './AddVehicleButton';
import { MakeInput } from './MakeInput';
import { StatusChip } from './StatusChip';
import { StatusHistory, type StatusEvent } from './StatusHistory';
import { HistoryPanel } from '../activity/HistoryPanel';
import { VinDecodeCard } from './VinDecodeCard';
import { DETAIL_FIELDS, ELECTRIC_FIELDS } from './vehicleInfo';
import { validateYear, vehicleFormValues, vehicleUpdatePayload } from './vehiclePayload';
import { validateVin } from './vinValidation';
import { VehicleDocumentsSection, VehicleImagesSection } from './VehicleFileSections';
import { VehicleChecklist } from './VehicleChecklist';
import { DamageCheckSection } from '../ai/DamageCheck';
import { VehicleShipmentView } from './VehicleShipmentView';
import { UnsavedChangesDialog } from '../common/UnsavedChangesDialog';
import { VehiclePrintSheet } from './VehiclePrintSheet';
import { PrintButton } from '../print/PrintButton';
import { Isolated } from '../common/Bidi';
import { TrackingLinkButton } from './TrackingLinkButton';

/** The buyer a shipper may see but not change still reads clearly (MUI greys disabled text out). */
const readableWhenDisabled = {
  '& .MuiInputBase-input.Mui-disabled': { WebkitTextFillColor: (theme: Theme) => theme.palette.text.primary },
  '& .MuiFormLabel-root.Mui-disabled': { color: 'text.secondary' },
} as const;

const BackToVehicles = () => {
  const translate = useTranslate();
  return (
    <Button component={Link} to="/vehicles" startIcon={<ArrowBackIcon sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />}>
      {translate('vehicles.backToList')}
    </Button>
  );
};

/** Inputs laid out two (or three) to a row on wide screens, one per row on phones. */
const Fields = ({ children, columns = 2 }: { children: React.ReactNode; columns?: 2 | 3 }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: `repeat(${columns}, minmax(0, 1fr))` }, columnGap: 2 }}>
    {children}
  </Box>
);

const infoInput = (field: string) => (
  <TextInput key={field} source={`vehicleInfo.${field}`} resource="vehicles" validate={maxLength(500)} helperText={false} />
);

/** A value the role may see but not change (the buyer, for a shipper). */
const ReadOnlyValue = ({ label, value, helperText }: { label: string; value: string; helperText?: string }) => {
  const translate = useTranslate();
  return (
    <TextField
      label={translate(label)}
      value={value}
      variant="filled"
      size="small"
      margin="dense"
      fullWidth
      helperText={helperText ? translate(helperText) : undefined}
      disabled
      slotProps={{ input: { readOnly: true } }}
    />
  );
};

const PortInput = ({ source }: { source: 'fromPortId' | 'toPortId' }) => {
  const locale = useLocale();
  return (
    <ReferenceInput source={source} reference="ports" sort={{ field: 'name', order: 'ASC' }} perPage={100}>
      <AutocompleteInput
        label={`resources.vehicles.fields.${source}`}
        {...portChoiceProps(locale)}
        filterToQuery={(q: string) => ({ q })}
        helperText={false}
        fullWidth
      />
    </ReferenceInput>
  );
};

/**
 * The edit form, for the roles that may change vehicles (VehicleLoader gives everyone else the
 * read-only VehicleShipmentView).
 */
const VehicleForm = ({ vehicle }: { vehicle: Record<string, any> }) => {
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const notify = useNotify();
  const navigate = useNavigate();
  const [update] = useUpdate();
  const { user } = useCurrentUser();
  const role = user?.role;
  const assignsContainer = can(role, 'containers', 'update');
  // GET /api/users is for administrators; a shipper sees the buyer's name only.
  const choosesBuyer = can(role, 'users', 'read');

  const save = async (values: Record<string, any>) => {
    try {
      await update(
        'vehicles',
        { id: vehicle.id, data: vehicleUpdatePayload(values, { assignsContainer, choosesBuyer }), previousData: vehicle },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify('msg.vehicleUpdated', { type: 'success' });
      navigate('/vehicles');
      return undefined;
    } catch (error) {
      const duplicate = codeOf(error) === 'conflict.duplicate';
      const message = duplicate ? translate('vehicles.vinTaken') : errorMessage(error, translate, 'msg.vehicleUpdateFailed');
      notify(message, { type: 'error' });
      return { ...fieldErrorsOf(error), ...(duplicate ? { vin: message } : {}) };
    }
  };

  const vin = <Name>{vehicle.vin}</Name>;
  return (
    <Box sx={{ paddingBlock: 2, ...readableWhenDisabled }} data-testid="vehicle-edit">
      <Title title={translate('vehicles.pageTitle')} />
      <Box sx={{ marginBlockEnd: 1 }}>
        <BackToVehicles />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, marginBlockEnd: 2 }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {translateWith('vehicles.editTitle', { vin })}
        </Typography>
        <StatusChip status={vehicle.status} size="medium" />
        {vehicle.containerNumber && (
          <Chip
            variant="outlined"
            label={
              <>
                {translate('resources.vehicles.fields.containerNumber')}: <Ltr>{vehicle.containerNumber}</Ltr>
              </>
            }
          />
        )}
        {seesEveryCompany(role) && vehicle.companyName && <Chip variant="outlined" label={<Isolated>{vehicle.companyName}</Isolated>} />}
        <Box sx={{ marginInlineStart: 'auto', display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {can(role, 'vehicles', 'shareTracking') && <TrackingLinkButton vehicleId={vehicle.id} />}
          <PrintButton />
        </Box>
      </Box>
      <VehiclePrintSheet vehicle={vehicle} />

      <Form record={vehicleFormValues(vehicle)} onSubmit={save} warnWhenUnsavedChanges WarnWhenUnsavedChangesComponent={UnsavedChangesDialog} noValidate>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 8 }}>
            <Stack spacing={2}>
              <VehicleImagesSection vehicle={vehicle} />

              {assignsContainer && (
                <Section title="vehicles.sections.container" testId="section-container">
                  <ContainerSelect companyId={vehicle.companyId} helperText="vehicles.containerHint" />
                </Section>
              )}

              <Section title="vehicles.sections.basic" testId="section-basic">
                <Fields>
                  <TextInput
                    source="vin"
                    resource="vehicles"
                    validate={[required(), maxLength(VIN_LENGTH), validateVin]}
                    parse={(value: string) => value.toUpperCase()}
                    helperText={false}
                    slotProps={{ htmlInput: { dir: 'ltr', maxLength: VIN_LENGTH, spellCheck: false, style: { fontFamily: 'monospace' } } }}
                  />
                  <MakeInput />
                  <TextInput source="model" resource="vehicles" validate={[required(), maxLength(100)]} helperText={vehicle.model ? false : 'vehicles.modelHelper'} />
                  <NumberInput source="year" resource="vehicles" validate={validateYear} step={1} min={1900} max={new Date().getFullYear() + 1} helperText={false} />
                  <TextInput source="vehicleInfo.color" resource="vehicles" validate={maxLength(60)} helperText={false} />
                </Fields>
              </Section>

              <Section title="vehicles.sections.details" testId="section-details">
                <Fields columns={3}>{DETAIL_FIELDS.map(infoInput)}</Fields>
              </Section>

              <Section title="vehicles.sections.electric" testId="section-electric">
                <Fields columns={3}>{ELECTRIC_FIELDS.map(infoInput)}</Fields>
              </Section>

              <Section title="vehicles.sections.notes">
                <TextInput source="notes" resource="vehicles" label={false} slotProps={{ htmlInput: { 'aria-label': translate('resources.vehicles.fields.notes'), dir: 'auto' } }} multiline minRows={3} validate={maxLength(10_000)} helperText={false} fullWidth />
              </Section>

              <Section title="vehicles.sections.buyerPorts" testId="section-buyer-ports">
                <Fields>
                  {choosesBuyer ? (
                    <ReferenceInput
                      source="buyerId"
                      reference="users"
                      filter={{ role: VEHICLE_BUYER_ROLES, companyId: vehicle.companyId }}
                      sort={{ field: 'username', order: 'ASC' }}
                      perPage={200}
                    >
                      <SelectInput
                        label="resources.vehicles.fields.buyerId"
                        optionText="username"
                        emptyText={translate('vehicles.noBuyer')}
                        helperText="vehicles.buyerHint"
                        slotProps={showEmptyChoice}
                      />
                    </ReferenceInput>
                  ) : (
                    <ReadOnlyValue
                      label="resources.vehicles.fields.buyerId"
                      value={vehicle.buyerName ?? translate('vehicles.noBuyer')}
                      helperText="vehicles.buyerReadOnly"
                    />
                  )}
                  <Box />
                  <PortInput source="fromPortId" />
                  <PortInput source="toPortId" />
                </Fields>
              </Section>

              <DamageCheckSection vehicle={vehicle} />
              <VehicleChecklist vehicleId={vehicle.id} />
              <VehicleDocumentsSection vehicle={vehicle} />
            </Stack>
          </Grid>

          <Grid size={{ xs: 12, lg: 4 }}>
            <Stack spacing={2}>
              <Section title="vehicles.sections.decode" testId="section-decode">
                <VinDecodeCard />
              </Section>
              <Section title="vehicles.sections.history" testId="section-history">
                <StatusHistory events={(vehicle.statusHistory ?? []) as StatusEvent[]} />
              </Section>
              <HistoryPanel entity="vehicles" record={vehicle} />
            </Stack>
          </Grid>
        </Grid>

        <Box
          // Toasts stay clear of this bar (layout/toastPlacement).
          data-sticky-actions
          sx={{
            position: 'sticky',
            bottom: 0,
            zIndex: 2,
            marginBlockStart: 2,
            paddingBlock: 1.5,
            paddingInline: 2,
            display: 'flex',
            justifyContent: 'flex-end',
            gap: 1,
            backgroundColor: 'background.paper',
            borderTop: '1px solid',
            borderColor: 'divider',
            boxShadow: '0 -2px 6px rgba(0,0,0,0.06)',
          }}
        >
          <Button component={Link} to="/vehicles">
            {translate('common.cancel')}
          </Button>
          <SaveButton alwaysEnable data-testid="vehicle-save" />
        </Box>
      </Form>
    </Box>
  );
};

const VehicleLoader = ({ id }: { id: number }) => {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const { data, isPending, error } = useDetail('vehicles', id);
  if (isPending) return <LoadingScreen />;
  if (error || !data) {
    const message = statusOf(error) === 404 || !error ? 'msg.vehicleNotFound' : errorMessage(error, translate, 'msg.vehicleNotFound');
    return <ErrorPanel title="vehicles.pageTitle" message={message} action={<BackToVehicles />} />;
  }
  // Whoever may not change vehicles (a buyer) reads them as facts, not as a disabled form.
  if (!can(user?.role, 'vehicles', 'update')) return <VehicleShipmentView key={data.id} vehicle={data} backButton={<BackToVehicles />} />;
  return <VehicleForm key={data.id} vehicle={data} />;
};

/** /vehicles/{id}/edit: every role that reads vehicles may open it; a BUYER reads it as the shipment view. */
const VehicleEdit = () => {
  const { id } = useParams();
  const valid = !!id && /^\d+$/.test(id) && Number(id) > 0 && Number(id) <= 2 ** 31 - 1;
  return (
    <RequireAccess resource="vehicles">
      {valid ? (
        <VehicleLoader id={Number(id)} />
      ) : (
        <ErrorPanel title="vehicles.pageTitle" message="msg.invalidVehicleId" action={<BackToVehicles />} />
      )}
    </RequireAccess>
  );
};

export default VehicleEdit;
