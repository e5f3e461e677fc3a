import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import {
  DataTable,
  List,
  SearchInput,
  TextInput,
  maxLength,
  required,
  useCreate,
  useLocale,
  useRecordContext,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { countryName, isCountryCode } from '@domain/countries';
import { Name, useTranslateWith } from '../common/Interpolate';
import { CountryInput } from './CountryInput';
import { canAccess } from '@domain/permissions';
import { RequireAccess } from '../common/RequireAccess';
import { useCurrentUser } from '../providers/useCurrentUser';
import { FormDialog } from '../common/FormDialog';
import { RowDialogButton } from '../common/RowDialogButton';
import { EmptyState } from '../common/EmptyState';
import { CompanyInput } from '../common/CompanyInput';
import { DeleteRecordButton, type DeleteMessages } from '../common/DeleteRecordButton';
import { ResponsiveList } from '../common/ResponsiveList';
import { ListCard } from '../common/ListCard';
import { Isolated, isolateText } from '../common/Bidi';
import { portUsage } from './api';
import { ListActionsToolbar } from '../common/ListActionsToolbar';

/**
 * POST /api/ports (SPEC.md §7): name, nameAr, country and companyId, the company the administrator
 * chose, else the user's own (none: a port every company uses).
 */
export const portRequest = (
  values: { name: string; nameAr: string; country: string; companyId?: number | string | null },
  ownCompanyId: number | null | undefined,
) => ({
  name: values.name.trim(),
  nameAr: values.nameAr.trim(),
  country: values.country.trim(),
  companyId: values.companyId != null && values.companyId !== '' ? Number(values.companyId) : (ownCompanyId ?? null),
});

export const AddPortButton = () => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [create] = useCreate();
  const { user } = useCurrentUser();
  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)} data-testid="add-port">
        {translate('ports.add')}
      </Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title="ports.addTitle"
        saveLabel="common.add"
        saveIcon={<AddIcon />}
        successMessage="ports.created"
        defaultValues={{ name: '', nameAr: '', country: '', companyId: user?.companyId ?? null }}
        onSave={(values) => create('ports', { data: portRequest(values as Parameters<typeof portRequest>[0], user?.companyId) }, { returnPromise: true })}
        testId="port-dialog"
      >
        <TextInput source="name" resource="ports" validate={[required(), maxLength(120)]} slotProps={{ htmlInput: { dir: 'ltr' } }} autoFocus fullWidth />
        <TextInput source="nameAr" resource="ports" validate={[required(), maxLength(120)]} slotProps={{ htmlInput: { dir: 'rtl', lang: 'ar' } }} fullWidth />
        <CountryInput />
        <CompanyInput optional helperText="ports.companyHint" />
      </FormDialog>
    </>
  );
};

/**
 * What an edit sends: the fields that changed only, trimmed. A country typed before codes can be
 * kept while the names are corrected (the API takes only codes for a country it is sent).
 */
export const portChanges = (values: Record<string, any>, record: RaRecord) => {
  const next: Record<string, unknown> = {
    name: String(values.name ?? '').trim(),
    nameAr: String(values.nameAr ?? '').trim(),
    country: String(values.country ?? '').trim(),
    companyId: values.companyId != null && values.companyId !== '' ? Number(values.companyId) : null,
  };
  return Object.fromEntries(Object.entries(next).filter(([field, value]) => value !== (record[field] ?? null)));
};

/** Edit a port (SUPER_ADMIN): its names, its country from the list and its company. */
const EditPortButton = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const [update] = useUpdate();
  if (!record) return null;
  const label = translate('ports.edit');
  return (
    <RowDialogButton
      label={label}
      ariaLabel={`${label} ${record.name}`}
      icon={<EditIcon fontSize="small" />}
      testId="edit-port"
      dialog={(open, close) => (
        <FormDialog
          open={open}
          onClose={close}
          title={translateWith('ports.editTitle', { name: <Name>{record.name}</Name> })}
          successMessage="ports.updated"
          record={{ id: record.id, name: record.name, nameAr: record.nameAr, country: record.country, companyId: record.companyId ?? null }}
          onSave={(values) =>
            update('ports', { id: record.id, data: portChanges(values, record), previousData: record }, { mutationMode: 'pessimistic', returnPromise: true })
          }
          testId="port-edit-dialog"
        >
          <TextInput source="name" resource="ports" validate={[required(), maxLength(120)]} slotProps={{ htmlInput: { dir: 'ltr' } }} fullWidth />
          <TextInput source="nameAr" resource="ports" validate={[required(), maxLength(120)]} slotProps={{ htmlInput: { dir: 'rtl', lang: 'ar' } }} fullWidth />
          <CountryInput current={record.country} />
          <CompanyInput optional helperText="ports.companyHint" />
        </FormDialog>
      )}
    />
  );
};

/** A code named in the page's language; text typed before codes as it is, marked so. */
const CountryCell = ({ record }: { record: Record<string, any> }) => {
  const locale = useLocale();
  const translate = useTranslate();
  if (isCountryCode(record.country)) return <span data-country={record.country}>{countryName(record.country, locale)}</span>;
  return (
    <Tooltip title={translate('ports.countryNotCode')}>
      <Box component="span" sx={{ fontStyle: 'italic', color: 'text.secondary' }} data-testid="country-typed">
        <bdi>{record.country}</bdi>
      </Box>
    </Tooltip>
  );
};

const DELETE_MESSAGES: DeleteMessages = {
  title: 'ports.deleteTitle',
  titleParam: 'name',
  content: 'ports.deleteConfirm',
  success: 'ports.deleted',
  failure: 'ports.deleteFailed',
};

/** A row's (and a card's) actions: edit and delete, as the role allows. */
const PortActions = ({ canEdit, canDelete }: { canEdit: boolean; canDelete: boolean }) => {
  const translate = useTranslate();
  // A port in use is never deleted (409 ports.inUse): say so, with the figures, instead of asking.
  const inUse = async (record: RaRecord) => {
    const usage = await portUsage(record.id);
    if (!usage.containers && !usage.vehicles) return null;
    return translate('ports.inUse', { name: isolateText(record.name), ...usage });
  };
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 0.5 }}>
      {canEdit && <EditPortButton />}
      {canDelete && <DeleteRecordButton name={(record) => record.name} messages={DELETE_MESSAGES} iconOnly={false} serverReason={false} refusal={inUse} />}
    </Box>
  );
};

/** A port on a phone: its two names and its country. */
const PortCard = ({ record, actions }: { record: Record<string, any>; actions?: ReactNode }) => (
  <ListCard
    title={<bdi dir="ltr">{record.name}</bdi>}
    facts={[
      { name: 'nameAr', label: 'resources.ports.fields.nameAr', value: <bdi dir="rtl" lang="ar">{record.nameAr}</bdi> },
      { name: 'country', label: 'resources.ports.fields.country', value: <CountryCell record={record} /> },
    ]}
    actions={actions}
  />
);

const filters = [<SearchInput key="q" source="q" alwaysOn />];

const PortList = () => {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const canCreate = canAccess(user?.role, { resource: 'ports', action: 'create' });
  const canDelete = canAccess(user?.role, { resource: 'ports', action: 'delete' });
  const canEdit = canAccess(user?.role, { resource: 'ports', action: 'update' });
  return (
    <RequireAccess resource="ports">
      {/* A company admin sees the ports but may not change them: the page says why, and whom to ask. */}
      {!canCreate && !canEdit && (
        <Alert severity="info" sx={{ marginBlockStart: 2 }} data-testid="ports-read-only">
          {translate('ports.readOnly')}
        </Alert>
      )}
      <List
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        filters={filters}
        exporter={false}
        actions={canCreate ? <ListActionsToolbar><AddPortButton /></ListActionsToolbar> : false}
        empty={<EmptyState message="ports.empty" action={canCreate ? <AddPortButton /> : undefined} />}
      >
        <ResponsiveList
          testId="ports-table"
          card={(record) => <PortCard record={record} actions={canDelete || canEdit ? <PortActions canEdit={canEdit} canDelete={canDelete} /> : undefined} />}
          table={
            <DataTable bulkActionButtons={false} rowClick={false} data-testid="ports-table">
              <DataTable.Col source="name" render={(record) => <Isolated testId="port-name">{record.name}</Isolated>} />
              <DataTable.Col source="nameAr" render={(record) => <Isolated dir="rtl">{record.nameAr}</Isolated>} />
              <DataTable.Col source="country" render={(record) => <CountryCell record={record} />} />
              {(canDelete || canEdit) && (
                <DataTable.Col label="common.actions" disableSort align="right">
                  <PortActions canEdit={canEdit} canDelete={canDelete} />
                </DataTable.Col>
              )}
            </DataTable>
          }
        />
      </List>
    </RequireAccess>
  );
};

export default PortList;
