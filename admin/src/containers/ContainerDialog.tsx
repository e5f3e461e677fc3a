import { useState } from 'react';
import { Alert, Box, Button, IconButton } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import {
  AutocompleteInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  maxLength,
  required,
  useCreate,
  useLocale,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { isContainerCheckDigitValid, normalizeContainerNumber } from '@domain/containerNumber';
import { canChooseCompany } from '@domain/permissions';
import { CONTAINER_SHIPPER_ROLES } from '@domain/roles';
import { FormDialog } from '../common/FormDialog';
import { DatePickerInput } from '../common/DatePickerInput';
import { WaitingSelect } from '../common/Fields';
import { CompanyInput } from '../common/CompanyInput';
import { Name, useTranslateWith } from '../common/Interpolate';
import { portChoiceProps } from '../common/PortLabel';
import { useCurrentUser } from '../providers/useCurrentUser';
import { containerPayload, requiredContainerNumber } from './containerPayload';


/** Marked like react-admin's required(), so the label shows its asterisk. */
const numberRequired = Object.assign((value: unknown) => requiredContainerNumber(value), { isRequired: true });

/** While typing: the ISO 6346 check-digit warning under the number, once it looks complete. */
const NumberCheck = () => {
  const translate = useTranslate();
  const number = normalizeContainerNumber(String(useWatch({ name: 'number' }) ?? ''));
  if (number.length < 11 || isContainerCheckDigitValid(number)) return null;
  return (
    <Alert severity="warning" sx={{ marginBlockEnd: 1 }} data-testid="container-check-digit-warning">
      {translate('containers.checkDigitWarning')}
    </Alert>
  );
};

/** SUPER_ADMIN: the company, then a shipper (or company admin) of that company. */
const OwnerInputs = () => {
  const companyId = useWatch({ name: 'companyId' });
  const { setValue } = useFormContext();
  return (
    <>
      <CompanyInput onChange={() => setValue('shipperId', null)} />
      {companyId ? (
        <ReferenceInput
          key={companyId}
          source="shipperId"
          reference="users"
          filter={{ companyId, role: CONTAINER_SHIPPER_ROLES }}
          sort={{ field: 'username', order: 'ASC' }}
          perPage={200}
        >
          <SelectInput label="resources.containers.fields.shipperId" optionText="username" validate={required()} helperText="containers.shipperHint" fullWidth />
        </ReferenceInput>
      ) : (
        <WaitingSelect label="resources.containers.fields.shipperId" helperText="containers.chooseCompanyFirst" />
      )}
    </>
  );
};

const PortInput = ({ source }: { source: 'fromPortId' | 'toPortId' }) => {
  const locale = useLocale();
  return (
    <ReferenceInput source={source} reference="ports" sort={{ field: 'name', order: 'ASC' }} perPage={100}>
      <AutocompleteInput
        label={`resources.containers.fields.${source}`}
        {...portChoiceProps(locale)}
        filterToQuery={(q: string) => ({ q })}
        helperText={false}
        fullWidth
      />
    </ReferenceInput>
  );
};

const ContainerFields = ({ choosesOwner }: { choosesOwner: boolean }) => (
  <>
    <TextInput
      source="number"
      resource="containers"
      validate={[numberRequired, maxLength(20)]}
      helperText="containers.numberHint"
      parse={(value: string) => value.toUpperCase()}
      autoFocus
      autoComplete="off"
      slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, style: { fontFamily: 'monospace' } } }}
      fullWidth
    />
    <NumberCheck />
    {choosesOwner && <OwnerInputs />}
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
      <TextInput source="bookingNumber" resource="containers" validate={maxLength(100)} helperText={false} slotProps={{ htmlInput: { dir: 'ltr' } }} />
      <TextInput source="containerSize" resource="containers" validate={maxLength(20)} helperText="containers.sizeHint" slotProps={{ htmlInput: { dir: 'ltr' } }} />
      <DatePickerInput source="loadingDate" resource="containers" helperText={false} />
      <DatePickerInput source="arrivalDate" resource="containers" helperText={false} />
      <TextInput source="sealNumber" resource="containers" validate={maxLength(100)} helperText={false} slotProps={{ htmlInput: { dir: 'ltr' } }} />
      <TextInput source="shippingLine" resource="containers" validate={maxLength(100)} helperText={false} />
      <PortInput source="fromPortId" />
      <PortInput source="toPortId" />
    </Box>
  </>
);

/** The date part of a stored date or date-time, as a date input wants it. */
const dateOnly = (value: unknown) => (typeof value === 'string' && value.length >= 10 ? value.slice(0, 10) : null);

const successOf = (created: boolean) => (saved: any) =>
  saved?.numberCheckDigitValid === false
    ? { message: created ? 'msg.containerAdded' : 'msg.containerUpdated', warning: 'containers.numberCheckDigitWarning', type: 'warning' as const }
    : { message: created ? 'msg.containerAdded' : 'msg.containerUpdated', type: 'success' as const };

/** Add Container: the number (required), the shipment fields, ports; company and shipper for a SUPER_ADMIN. */
export const AddContainerButton = ({ variant = 'contained' }: { variant?: 'contained' | 'outlined' }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [create] = useCreate();
  const { user } = useCurrentUser();
  const choosesOwner = canChooseCompany(user?.role);
  return (
    <>
      <Button variant={variant} startIcon={<AddIcon />} onClick={() => setOpen(true)} data-testid="add-container">
        {translate('containers.add')}
      </Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title="containers.addTitle"
        saveLabel="common.add"
        saveIcon={<AddIcon />}
        maxWidth="sm"
        successMessage={successOf(true)}
        duplicate={{ field: 'number', message: 'containers.numberTaken' }}
        defaultValues={{ number: '', fromPortId: null, toPortId: null, companyId: null, shipperId: null }}
        onSave={(values) => create('containers', { data: containerPayload(values, { chooseOwner: choosesOwner }) }, { returnPromise: true })}
        testId="container-dialog"
      >
        <ContainerFields choosesOwner={choosesOwner} />
      </FormDialog>
    </>
  );
};

/** Edit a container in the same form; `compact` is the icon-only button of a table row. */
export const EditContainerButton = ({ record, compact = false, onSaved }: { record: RaRecord; compact?: boolean; onSaved?: () => void }) => {
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const [open, setOpen] = useState(false);
  const [update] = useUpdate();
  const { user } = useCurrentUser();
  const choosesOwner = canChooseCompany(user?.role);
  const label = translate('common.edit');
  return (
    <>
      {compact ? (
        <IconButton size="small" color="primary" onClick={() => setOpen(true)} aria-label={`${label} ${record.number}`} title={label} data-testid="edit-container">
          <EditIcon fontSize="small" />
        </IconButton>
      ) : (
        <Button startIcon={<EditIcon />} onClick={() => setOpen(true)} data-testid="edit-container">
          {label}
        </Button>
      )}
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title={translateWith('containers.editTitle', { number: <Name>{record.number}</Name> })}
        maxWidth="sm"
        successMessage={successOf(false)}
        duplicate={{ field: 'number', message: 'containers.numberTaken' }}
        record={{
          id: record.id,
          number: record.number,
          bookingNumber: record.bookingNumber ?? '',
          containerSize: record.containerSize ?? '',
          loadingDate: dateOnly(record.loadingDate),
          arrivalDate: dateOnly(record.arrivalDate),
          sealNumber: record.sealNumber ?? '',
          shippingLine: record.shippingLine ?? '',
          fromPortId: record.fromPortId ?? null,
          toPortId: record.toPortId ?? null,
          companyId: record.companyId,
          shipperId: record.shipperId,
        }}
        onSave={async (values) => {
          const saved = await update(
            'containers',
            { id: record.id, data: containerPayload(values, { chooseOwner: choosesOwner }), previousData: record },
            { mutationMode: 'pessimistic', returnPromise: true },
          );
          onSaved?.();
          return saved;
        }}
        testId="container-dialog"
      >
        <ContainerFields choosesOwner={choosesOwner} />
      </FormDialog>
    </>
  );
};
