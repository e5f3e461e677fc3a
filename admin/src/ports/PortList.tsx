import { useState } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  DataTable,
  DeleteWithConfirmButton,
  List,
  SearchInput,
  TextInput,
  TopToolbar,
  maxLength,
  required,
  useCreate,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Name, useTranslateWith } from '../common/Interpolate';
import { canAccess } from '@domain/permissions';
import { RequireAccess } from '../layout/RequireAccess';
import { useCurrentUser } from '../providers/useCurrentUser';
import { FormDialog } from '../common/FormDialog';
import { EmptyState } from '../common/EmptyState';
import { CompanyInput } from '../common/CompanyInput';

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
        <TextInput source="country" resource="ports" validate={[required(), maxLength(80)]} fullWidth />
        <CompanyInput optional helperText="ports.companyHint" />
      </FormDialog>
    </>
  );
};

const DeletePortButton = () => {
  const record = useRecordContext();
  const translateWith = useTranslateWith();
  const notify = useNotify();
  if (!record) return null;
  return (
    <DeleteWithConfirmButton
      redirect={false}
      confirmTitle={translateWith('ports.deleteTitle', { name: <Name>{record.name}</Name> })}
      confirmContent="ports.deleteConfirm"
      confirmColor="warning"
      mutationOptions={{
        onSuccess: () => notify('ports.deleted', { type: 'success' }),
        onError: () => notify('ports.deleteFailed', { type: 'error' }),
      }}
    />
  );
};

const filters = [<SearchInput key="q" source="q" alwaysOn />];

const PortList = () => {
  const { user } = useCurrentUser();
  const canCreate = canAccess(user?.role, { resource: 'ports', action: 'create' });
  const canDelete = canAccess(user?.role, { resource: 'ports', action: 'delete' });
  return (
    <RequireAccess resource="ports">
      <List
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        filters={filters}
        exporter={false}
        actions={canCreate ? <TopToolbar><AddPortButton /></TopToolbar> : false}
        empty={<EmptyState message="ports.empty" action={canCreate ? <AddPortButton /> : undefined} />}
      >
        <DataTable bulkActionButtons={false} rowClick={false} data-testid="ports-table">
          <DataTable.Col source="name" render={(record) => <bdi dir="ltr">{record.name}</bdi>} />
          <DataTable.Col source="nameAr" render={(record) => <bdi dir="rtl" lang="ar">{record.nameAr}</bdi>} />
          <DataTable.Col source="country" />
          {canDelete && (
            <DataTable.Col label="common.actions" disableSort align="right">
              <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                <DeletePortButton />
              </Box>
            </DataTable.Col>
          )}
        </DataTable>
      </List>
    </RequireAccess>
  );
};

export default PortList;
