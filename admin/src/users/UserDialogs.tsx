import { useState } from 'react';
import { Alert, Button, Link as MuiLink } from '@mui/material';
import AddIcon from '@mui/icons-material/PersonAdd';
import CheckIcon from '@mui/icons-material/HowToReg';
import BadgeIcon from '@mui/icons-material/Badge';
import MoveIcon from '@mui/icons-material/DriveFileMove';
import {
  PasswordInput,
  RadioButtonGroupInput,
  SelectInput,
  TextInput,
  email,
  minLength,
  required,
  useCreate,
  useGetList,
  useRecordContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { Name, useTranslateWith } from '../common/Interpolate';
import { Link } from 'react-router';
import { APPROVAL_ROLES, COMPANY_ROLES, NEW_USER_ROLES, type Role } from '@domain/roles';
import { useAccessChecked } from '../providers/useAccessChecked';
import { FormDialog } from '../common/FormDialog';
import { RowDialogButton } from '../common/RowDialogButton';
import { PASSWORD_MIN_LENGTH, newPasswordProblem } from '../account/passwordRules';
import { CompanyInput } from '../common/CompanyInput';
import { setUserRole } from './api';

const useRoleChoices = (roles: readonly Role[]) => {
  const translate = useTranslate();
  return roles.map((role) => ({ id: role, name: translate(`roles.${role}`) }));
};

/** Every approved user belongs to a company: say so when there is none yet. */
const NoCompanyHint = () => {
  const translate = useTranslate();
  const { total, isPending } = useGetList('companies', { pagination: { page: 1, perPage: 1 } });
  if (isPending || total) return null;
  return (
    <Alert severity="warning" sx={{ marginBlockEnd: 1 }}>
      <MuiLink component={Link} to="/companies" color="inherit">
        {translate('users.noCompanies')}
      </MuiLink>
    </Alert>
  );
};

/** Approve a pending registration: a role chosen explicitly (none is preselected) and a company, in one step. */
export const ApproveButton = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const [open, setOpen] = useState(false);
  const [update] = useUpdate();
  const choices = useRoleChoices(APPROVAL_ROLES);
  if (!record) return null;
  return (
    <>
      <Button size="small" variant="contained" color="success" startIcon={<CheckIcon />} onClick={() => setOpen(true)} data-testid="approve-user">
        {translate('users.approve')}
      </Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title={translateWith('users.approveTitle', { username: <Name>{record.username}</Name> })}
        saveLabel="users.approve"
        saveIcon={<CheckIcon />}
        successMessage="users.approved"
        record={{ id: record.id, role: null, companyId: record.companyId ?? null }}
        onSave={(values) =>
          update(
            'users',
            {
              id: record.id,
              data: { role: values.role, companyId: values.companyId, pendingApproval: false, active: true },
              previousData: record,
            },
            { mutationMode: 'pessimistic', returnPromise: true },
          )
        }
        testId="approve-dialog"
      >
        <Alert severity="info" icon={false} sx={{ marginBlockEnd: 1 }}>
          {translate('users.approveIntro')}
        </Alert>
        <NoCompanyHint />
        <RadioButtonGroupInput source="role" resource="users" choices={choices} validate={required()} helperText="users.approveRoleHint" row />
        <CompanyInput />
      </FormDialog>
    </>
  );
};

/**
 * Change the role of an approved user (POST /api/users/{id}/role). An icon with a tooltip, like the
 * password reset beside it: with both labelled, the users table no longer fits a laptop screen.
 */
export const ChangeRoleButton = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const accessChecked = useAccessChecked();
  const choices = useRoleChoices(COMPANY_ROLES);
  if (!record) return null;
  return (
    <RowDialogButton
      label={translate('users.changeRole')}
      ariaLabel={translate('users.changeRole')}
      icon={<BadgeIcon fontSize="small" />}
      testId="change-role"
      dialog={(open, close) => (
        <FormDialog
          open={open}
          onClose={close}
          title={translateWith('users.changeRoleTitle', { username: <Name>{record.username}</Name> })}
          successMessage="users.roleChanged"
          record={{ id: record.id, role: record.role }}
          onSave={(values) => accessChecked(() => setUserRole(record.id, values.role))}
          testId="role-dialog"
        >
          <SelectInput source="role" resource="users" choices={choices} validate={required()} fullWidth />
        </FormDialog>
      )}
    />
  );
};

/**
 * Move an approved user to another company (PATCH /api/users/{id} with companyId); the user keeps
 * the role. The dialog says what follows before anything is sent.
 */
export const MoveUserButton = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const [update] = useUpdate();
  if (!record) return null;
  const label = translate('users.move');
  const notTheSame = (value: unknown) => (value != null && Number(value) === Number(record.companyId) ? 'users.moveSameCompany' : undefined);
  return (
    <RowDialogButton
      label={label}
      ariaLabel={`${label} ${record.username}`}
      icon={<MoveIcon fontSize="small" />}
      testId="move-user"
      dialog={(open, close) => (
        <FormDialog
          open={open}
          onClose={close}
          title={translateWith('users.moveTitle', { username: <Name>{record.username}</Name> })}
          saveLabel="users.move"
          saveIcon={<MoveIcon />}
          successMessage="users.moved"
          record={{ id: record.id, companyId: record.companyId ?? null }}
          onSave={(values) =>
            update('users', { id: record.id, data: { companyId: Number(values.companyId) }, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true })
          }
          testId="move-dialog"
        >
          <Alert severity="info" icon={false} sx={{ marginBlockEnd: 1 }}>
            {translate('users.moveIntro')}
          </Alert>
          <CompanyInput validate={notTheSame} />
        </FormDialog>
      )}
    />
  );
};

/** The API refuses a password that is the username (in any case). */
const notTheUsername = (value: string, values: Record<string, any>) =>
  newPasswordProblem(value ?? '', { username: values.username ?? '' }) === 'sameAsUsername' ? 'password.sameAsUsername' : undefined;

/**
 * Add User: e-mail username, password, role (Shipper or Buyer, default Shipper: SPEC.md §5) and
 * company; active at once. The password is the administrator's: the user replaces it at the first
 * sign-in (the API sets mustChangePassword). A company admin is made by changing the role afterwards.
 */
export const AddUserButton = ({ variant = 'contained' }: { variant?: 'contained' | 'outlined' }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [create] = useCreate();
  const choices = useRoleChoices(NEW_USER_ROLES);
  return (
    <>
      <Button variant={variant} startIcon={<AddIcon />} onClick={() => setOpen(true)} data-testid="add-user">
        {translate('users.add')}
      </Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title="users.addTitle"
        saveLabel="common.add"
        saveIcon={<AddIcon />}
        successMessage="users.created"
        defaultValues={{ username: '', password: '', role: NEW_USER_ROLES[0], companyId: null }}
        duplicate={{ field: 'username', message: 'users.usernameTaken' }}
        onSave={(values) =>
          create(
            'users',
            {
              data: {
                username: values.username.trim(),
                password: values.password,
                role: values.role,
                companyId: values.companyId,
                active: true,
                pendingApproval: false,
              },
            },
            { returnPromise: true },
          )
        }
        testId="user-dialog"
      >
        <NoCompanyHint />
        <TextInput
          source="username"
          resource="users"
          type="email"
          validate={[required(), email()]}
          autoComplete="off"
          slotProps={{ htmlInput: { dir: 'ltr' } }}
          fullWidth
        />
        <PasswordInput
          source="password"
          resource="users"
          validate={[required(), minLength(PASSWORD_MIN_LENGTH), notTheUsername]}
          autoComplete="new-password"
          helperText="users.givenPasswordHint"
          fullWidth
        />
        <SelectInput source="role" resource="users" choices={choices} validate={required()} fullWidth />
        <CompanyInput />
      </FormDialog>
    </>
  );
};
