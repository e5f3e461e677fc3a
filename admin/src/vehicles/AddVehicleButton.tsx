import { useEffect, useState } from 'react';
import { Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { ReferenceInput, SelectInput, TextInput, maxLength, required, useCreate, useDataProvider, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { canChooseCompany } from '@domain/permissions';
import { VIN_LENGTH, normalizeVin } from '@domain/vin';
import { FormDialog } from '../common/FormDialog';
import { WaitingSelect, showEmptyChoice } from '../common/Fields';
import { CompanyInput } from '../common/CompanyInput';
import { useCurrentUser } from '../providers/useCurrentUser';
import { cleanVehicleInfo } from './vehicleInfo';
import { validateVin } from './vinValidation';
import { useVinDecode } from './VinDecodeCard';
import { idOrNull } from '../common/formValues';
import { useTranslateWith } from '../common/Interpolate';

/**
 * The container select of a vehicle: the containers of one company (the user's own; for a
 * SUPER_ADMIN the company chosen in the form, and nothing until one is chosen), with 'None'.
 */
export const ContainerSelect = ({ companyId, helperText }: { companyId?: number | null; helperText?: string }) => {
  const translate = useTranslate();
  const filter = companyId ? { companyId } : {};
  return (
    <ReferenceInput source="containerId" reference="containers" filter={filter} sort={{ field: 'number', order: 'ASC' }} perPage={200}>
      <SelectInput
        label="resources.vehicles.fields.containerId"
        optionText="number"
        emptyText={translate('common.none')}
        helperText={helperText ?? false}
        slotProps={showEmptyChoice}
        fullWidth
      />
    </ReferenceInput>
  );
};

/** SUPER_ADMIN: company first, then the containers of that company. Others: their own containers. */
const OwnerInputs = ({ choosesCompany }: { choosesCompany: boolean }) => {
  const companyId = useWatch({ name: 'companyId' });
  const { setValue } = useFormContext();
  if (!choosesCompany) return <ContainerSelect />;
  return (
    <>
      <CompanyInput onChange={() => setValue('containerId', null)} />
      {companyId ? (
        <ContainerSelect key={companyId} companyId={companyId} />
      ) : (
        <WaitingSelect label="resources.vehicles.fields.containerId" helperText="vehicles.chooseCompanyFirst" />
      )}
    </>
  );
};

/**
 * The make and year the VIN decoder read, and what it could not tell, asked for at once: offline, the bundled decoder reads the
 * make and year from the VIN but never the model, and the edit page requires both. The fields
 * appear (required) once the decoder has answered without them, and are cleared when a VIN it
 * knows better is typed instead.
 */
const UndecodedInputs = () => {
  const translateWith = useTranslateWith();
  const { data, valid, settled } = useVinDecode();
  const { setValue } = useFormContext();
  const answered = valid && settled && !!data;
  const asksMake = answered && !data.make;
  const asksModel = answered && !data.model;
  useEffect(() => {
    if (!asksMake) setValue('make', '');
    if (!asksModel) setValue('model', '');
  }, [asksMake, asksModel, setValue]);
  // What the decoder did tell, shown at once: the user sees the VIN was read as the car they hold.
  const decoded =
    answered && data.make ? (
      <Typography variant="body2" color="text.secondary" data-testid="vin-decoded">
        {/* Each value isolated: a Latin make beside a year keeps its place in an Arabic sentence. */}
        {data.year
          ? translateWith('vehicles.decodedMakeYear', { make: <bdi>{data.make}</bdi>, year: <bdi>{data.year}</bdi> })
          : translateWith('vehicles.decodedMake', { make: <bdi>{data.make}</bdi> })}
      </Typography>
    ) : null;
  if (!asksMake && !asksModel) return decoded;
  return (
    <>
      {decoded}
      {asksMake && <TextInput source="make" resource="vehicles" validate={[required(), maxLength(100)]} helperText="vehicles.makeUndecoded" fullWidth />}
      {asksModel && <TextInput source="model" resource="vehicles" validate={[required(), maxLength(100)]} helperText="vehicles.modelUndecoded" fullWidth />}
    </>
  );
};

/**
 * Says "VIN already exists" on the VIN field as soon as a complete VIN is one of the vehicles the
 * user can see, before anything else is typed (the server's 409 on Add still covers a VIN held by
 * a company the user cannot see).
 */
const VinTakenCheck = () => {
  const dataProvider = useDataProvider();
  const { setError, getFieldState } = useFormContext();
  const { valid, settled } = useVinDecode();
  const vin = normalizeVin(String(useWatch({ name: 'vin' }) ?? ''));
  const { data: taken } = useQuery({
    queryKey: ['vin-taken', vin],
    queryFn: async () => {
      const { data } = await dataProvider.getList('vehicles', { filter: { q: vin }, pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' } });
      return data.some((vehicle) => vehicle.vin === vin);
    },
    enabled: valid && settled,
    staleTime: 0,
  });
  useEffect(() => {
    if (taken && valid && settled && !getFieldState('vin').error) setError('vin', { type: 'duplicate', message: 'vehicles.vinTaken' }, { shouldFocus: false });
  }, [taken, valid, settled, setError, getFieldState]);
  return null;
};

/** Add Vehicle: VIN (decoded by the API into make, model and year), container, company (SUPER_ADMIN), colour. */
export const AddVehicleButton = ({ variant = 'contained' }: { variant?: 'contained' | 'outlined' }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [create] = useCreate();
  const { user } = useCurrentUser();
  const choosesCompany = canChooseCompany(user?.role);
  return (
    <>
      <Button variant={variant} startIcon={<AddIcon />} onClick={() => setOpen(true)} data-testid="add-vehicle">
        {translate('vehicles.add')}
      </Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title="vehicles.addTitle"
        saveLabel="common.add"
        saveIcon={<AddIcon />}
        successMessage={(saved) =>
          saved?.vinCheckDigitValid === false
            ? { message: 'msg.vehicleAdded', warning: 'vehicles.vinCheckDigitWarning', type: 'warning' }
            : { message: 'msg.vehicleAdded', type: 'success' }
        }
        errorFallback="msg.vehicleCreateFailed"
        defaultValues={{ vin: '', make: '', model: '', containerId: null, companyId: null, vehicleInfo: { color: '' } }}
        duplicate={{ field: 'vin', message: 'vehicles.vinTaken' }}
        onSave={(values) =>
          create(
            'vehicles',
            {
              data: {
                vin: normalizeVin(values.vin ?? ''),
                // Only what the decoder could not tell (the user's text wins over the decoder's).
                ...(values.make?.trim() ? { make: values.make.trim() } : {}),
                ...(values.model?.trim() ? { model: values.model.trim() } : {}),
                containerId: idOrNull(values.containerId),
                ...(choosesCompany ? { companyId: idOrNull(values.companyId) ?? undefined } : {}),
                vehicleInfo: cleanVehicleInfo(values.vehicleInfo),
              },
            },
            { returnPromise: true },
          )
        }
        testId="vehicle-dialog"
      >
        <TextInput
          source="vin"
          resource="vehicles"
          validate={[required(), maxLength(VIN_LENGTH), validateVin]}
          helperText="vehicles.vinHelper"
          autoFocus
          autoComplete="off"
          parse={(value: string) => value.toUpperCase()}
          slotProps={{ htmlInput: { dir: 'ltr', maxLength: VIN_LENGTH, spellCheck: false, autoCapitalize: 'characters', style: { fontFamily: 'monospace', letterSpacing: '0.05em' } } }}
          fullWidth
        />
        <VinTakenCheck />
        <UndecodedInputs />
        <OwnerInputs choosesCompany={choosesCompany} />
        <TextInput source="vehicleInfo.color" resource="vehicles" validate={maxLength(60)} fullWidth helperText={false} />
      </FormDialog>
    </>
  );
};
