import { Alert, Box, Chip } from '@mui/material';
import {
  DataTable,
  DeleteWithConfirmButton,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Name, useTranslateWith } from '../common/Interpolate';
import { canAccess } from '@domain/permissions';
import { ROLES } from '@domain/roles';
import { RequireAccess } from '../layout/RequireAccess';
import { useCurrentUser } from '../providers/useCurrentUser';
import { errorMessage } from '../providers/errorMessage';
import { DateText, Ltr, showEmptyChoice } from '../common/Fields';
import { EmptyState } from '../common/EmptyState';
import { AddUserButton, ApproveButton, ChangeRoleButton } from './UserDialogs';

/** pending approval / active / inactive (SPEC.md §4). */
export const UserStatusChip = ({ record }: { record: Record<string, any> }) => {
  const translate = useTranslate();
  if (record.pendingApproval) return <Chip size="small" color="warning" label={translate('status.pendingApproval')} />;
  return record.active ? (
    <Chip size="small" color="success" label={translate('status.active')} />
  ) : (
    <Chip size="small" variant="outlined" label={translate('status.inactive')} />
  );
};

const DeleteUserButton = () => {
  const record = useRecordContext();
  const translateWith = useTranslateWith();
  const notify = useNotify();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <DeleteWithConfirmButton
      redirect={false}
      confirmTitle={translateWith('users.deleteTitle', { username: <Name>{record.username}</Name> })}
      confirmContent="users.deleteConfirm"
      confirmColor="warning"
      mutationOptions={{
        onSuccess: () => notify('users.deleted', { type: 'success' }),
        onError: (error) => notify(`${translate('users.deleteFailed')} ${errorMessage(error, translate, '')}`.trim(), { type: 'error' }),
      }}
    />
  );
};

/** A SUPER_ADMIN row is protected: no change of role, no delete (the API refuses both). */
const UserActions = () => {
  const record = useRecordContext();
  if (!record) return null;
  const protectedRow = record.role === 'SUPER_ADMIN';
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'nowrap' }}>
      {record.pendingApproval ? <ApproveButton /> : !protectedRow && <ChangeRoleButton />}
      {!protectedRow && <DeleteUserButton />}
    </Box>
  );
};

const UserList = () => {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const canManage = canAccess(user?.role, { resource: 'users', action: 'update' });
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="pendingApproval"
      source="pendingApproval"
      label="users.filterStatus"
      alwaysOn
      emptyText="common.all"
      slotProps={showEmptyChoice}
      choices={[
        { id: true, name: 'status.pendingApproval' },
        { id: false, name: 'status.active' },
      ]}
    />,
    <SelectInput key="role" source="role" alwaysOn emptyText="common.all" slotProps={showEmptyChoice} choices={ROLES.map((role) => ({ id: role, name: `roles.${role}` }))} />,
  ];
  return (
    <RequireAccess resource="users">
      {!canManage && (
        <Alert severity="info" sx={{ marginBlockStart: 2 }}>
          {translate('users.readOnly')}
        </Alert>
      )}
      <List
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        filters={filters}
        exporter={false}
        actions={canManage ? <TopToolbar><AddUserButton /></TopToolbar> : false}
        empty={<EmptyState message="users.empty" action={canManage ? <AddUserButton /> : undefined} />}
      >
        <DataTable bulkActionButtons={false} rowClick={false} data-testid="users-table">
          <DataTable.Col source="username" cellSx={() => ({ whiteSpace: 'nowrap' })} render={(record) => <Ltr>{record.username}</Ltr>} />
          <DataTable.Col source="role" cellSx={() => ({ whiteSpace: 'nowrap' })} render={(record) => (record.role ? translate(`roles.${record.role}`) : translate('roles.none'))} />
          <DataTable.Col source="companyName" render={(record) => record.companyName ?? '—'} />
          <DataTable.Col source="status" disableSort render={(record) => <UserStatusChip record={record} />} />
          <DataTable.Col source="createdAt" render={(record) => <DateText value={record.createdAt} />} />
          {canManage && (
            <DataTable.Col label="common.actions" disableSort align="right">
              <UserActions />
            </DataTable.Col>
          )}
        </DataTable>
      </List>
    </RequireAccess>
  );
};

export default UserList;
