import { useState } from 'react';
import { Alert, Button, IconButton, Tooltip } from '@mui/material';
import LockResetIcon from '@mui/icons-material/LockReset';
import { PasswordInput, required, useRecordContext, useTranslate, type Validator } from 'react-admin';
import { HttpError } from 'ra-core';
import { Name, useTranslateWith } from '../common/Interpolate';
import { FormDialog } from '../common/FormDialog';
import { useAccessChecked } from '../providers/useAccessChecked';
import { bodyOf, statusOf } from '../providers/http';
import { resetUserPassword } from './api';
import { PROBLEM_ARGS, PROBLEM_KEYS, newPasswordProblem, serverPasswordProblems } from '../account/passwordRules';

/**
 * An administrator gives a user a temporary password (POST /api/users/{id}/password): the user is
 * signed out everywhere and must choose a password of their own at the next sign-in. Shown only
 * where canResetPassword allows it (UserList). `iconOnly`: beside the other row actions of a
 * super admin, where the table has no room for another label (the tooltip names it).
 */
export const ResetPasswordButton = ({ iconOnly = false }: { iconOnly?: boolean }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const accessChecked = useAccessChecked();
  const [open, setOpen] = useState(false);
  if (!record) return null;

  const validateNew: Validator = (value) => {
    const problem = newPasswordProblem(value ?? '', { username: record.username });
    return problem ? { message: PROBLEM_KEYS[problem], args: PROBLEM_ARGS } : undefined;
  };
  const validateConfirm: Validator = (value, values) => (value !== values.newPassword ? 'auth.passwordsDiffer' : undefined);

  const reset = async (values: Record<string, any>) => {
    try {
      return await accessChecked(() => resetUserPassword(record.id, values.newPassword));
    } catch (error) {
      // The server's field message is English: shown on the field in the page's language.
      const found = serverPasswordProblems(bodyOf(error), { newPassword: values.newPassword, username: record.username });
      if (!found.newPassword) throw error;
      const body = { ...bodyOf(error), errors: { ...bodyOf(error)?.errors, newPassword: translate(PROBLEM_KEYS[found.newPassword], PROBLEM_ARGS) } };
      throw new HttpError((error as Error).message, statusOf(error) ?? 400, body);
    }
  };

  const name = translate('users.resetPasswordOf', { username: record.username });
  return (
    <>
      {iconOnly ? (
        <Tooltip title={translate('users.resetPassword')}>
          <IconButton size="small" color="primary" onClick={() => setOpen(true)} aria-label={name} data-testid="reset-password">
            <LockResetIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button size="small" startIcon={<LockResetIcon />} onClick={() => setOpen(true)} aria-label={name} sx={{ whiteSpace: 'nowrap' }} data-testid="reset-password">
          {translate('users.resetPassword')}
        </Button>
      )}
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title={translateWith('users.resetPasswordOf', { username: <Name>{record.username}</Name> })}
        saveLabel="users.resetPassword"
        saveIcon={<LockResetIcon />}
        successMessage="users.passwordReset"
        errorFallback="users.resetFailed"
        defaultValues={{ newPassword: '', confirm: '' }}
        onSave={reset}
        testId="reset-password-dialog"
      >
        <Alert severity="info" sx={{ marginBlockEnd: 1.5 }} data-testid="reset-password-intro">
          {translate('users.resetPasswordIntro')}
        </Alert>
        <PasswordInput
          source="newPassword"
          label="users.newPassword"
          validate={[required(), validateNew]}
          autoComplete="new-password"
          helperText="users.newPasswordHint"
          fullWidth
        />
        <PasswordInput source="confirm" label="users.confirmPassword" validate={[required(), validateConfirm]} autoComplete="new-password" fullWidth />
      </FormDialog>
    </>
  );
};
