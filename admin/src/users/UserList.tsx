import { Alert, Box } from '@mui/material';
import {
  DataTable,
  List,
  SearchInput,
  SelectInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { canAccess, canResetPassword, isProtectedAccount } from '@domain/permissions';
import { ROLES } from '@domain/roles';
import { RequireAccess } from '../common/RequireAccess';
import { useCurrentUser } from '../providers/useCurrentUser';
import { DeleteRecordButton, type DeleteMessages } from '../common/DeleteRecordButton';
import { DateText, Ltr, showEmptyChoice } from '../common/Fields';
import { EmptyState } from '../common/EmptyState';
import { AddUserButton, ApproveButton, ChangeRoleButton, MoveUserButton } from './UserDialogs';
import { ActiveToggleButton, type ActiveToggleMessages } from '../common/ActiveToggleButton';
import { ResetPasswordButton } from './ResetPasswordButton';
import { ResponsiveList } from '../common/ResponsiveList';
import { UserCard } from './UserCard';
import { UserStatus } from './UserStatus';
import { Isolated } from '../common/Bidi';
import { ListActionsToolbar } from '../common/ListActionsToolbar';

const DELETE_MESSAGES: DeleteMessages = {
  title: 'users.deleteTitle',
  titleParam: 'username',
  content: 'users.deleteConfirm',
  success: 'users.deleted',
  failure: 'users.deleteFailed',
};

const STATUS_MESSAGES: ActiveToggleMessages = {
  deactivate: 'users.deactivate',
  deactivateTitle: 'users.deactivateTitle',
  deactivateConfirm: 'users.deactivateConfirm',
  deactivated: 'users.deactivated',
  reactivate: 'users.reactivate',
  reactivateTitle: 'users.reactivateTitle',
  reactivateConfirm: 'users.reactivateConfirm',
  reactivated: 'users.reactivated',
  failure: 'users.statusFailed',
  titleParam: 'username',
};

/**
 * A SUPER_ADMIN row is protected: no change of role, no move, no deactivation, no delete (the API
 * refuses them). A password
 * reset is offered where canResetPassword allows it, also to a company admin (its own company's
 * shippers and buyers), who has no other action.
 */
const UserActions = ({ canManage }: { canManage: boolean }) => {
  const record = useRecordContext();
  const { user } = useCurrentUser();
  if (!record || !user) return null;
  const protectedRow = isProtectedAccount({ role: record.role });
  const canReset = canResetPassword(user, { id: Number(record.id), role: record.role, companyId: record.companyId });
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'nowrap' }}>
      {canManage && (record.pendingApproval ? <ApproveButton /> : !protectedRow && <ChangeRoleButton />)}
      {canManage && !record.pendingApproval && !protectedRow && <MoveUserButton />}
      {canManage && !record.pendingApproval && !protectedRow && <ActiveToggleButton name={(row) => row.username} messages={STATUS_MESSAGES} />}
      {canReset && <ResetPasswordButton iconOnly={canManage} />}
      {/* An icon, like the other row actions: with labels, the table no longer fits a laptop screen. */}
      {canManage && !protectedRow && <DeleteRecordButton name={(row) => row.username} messages={DELETE_MESSAGES} />}
    </Box>
  );
};

const UserList = () => {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const canManage = canAccess(user?.role, { resource: 'users', action: 'update' });
  const hasActions = canManage || canAccess(user?.role, { resource: 'users', action: 'resetPassword' });
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
        actions={canManage ? <ListActionsToolbar><AddUserButton /></ListActionsToolbar> : false}
        empty={<EmptyState message="users.empty" action={canManage ? <AddUserButton /> : undefined} />}
      >
        <ResponsiveList
          testId="users-table"
          card={(record) => <UserCard record={record} actions={hasActions ? <UserActions canManage={canManage} /> : undefined} />}
          table={
            <DataTable bulkActionButtons={false} rowClick={false} data-testid="users-table">
              <DataTable.Col source="username" cellSx={() => ({ whiteSpace: 'nowrap' })} render={(record) => <Ltr>{record.username}</Ltr>} />
              <DataTable.Col source="role" cellSx={() => ({ whiteSpace: 'nowrap' })} render={(record) => (record.role ? translate(`roles.${record.role}`) : translate('roles.none'))} />
              <DataTable.Col source="companyName" render={(record) => (record.companyName ? <Isolated>{record.companyName}</Isolated> : '—')} />
              <DataTable.Col source="status" disableSort render={(record) => <UserStatus record={record} />} />
              <DataTable.Col source="createdAt" render={(record) => <DateText value={record.createdAt} />} />
              {hasActions && (
                <DataTable.Col label="common.actions" disableSort align="right">
                  <UserActions canManage={canManage} />
                </DataTable.Col>
              )}
            </DataTable>
          }
        />
      </List>
    </RequireAccess>
  );
};

export default UserList;
