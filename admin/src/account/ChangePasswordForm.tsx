import { useState, type FormEvent, type ReactNode } from 'react';
import { Box, Button, CircularProgress } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { bodyOf, sendJson } from '../providers/http';
import { errorMessage } from '../providers/errorMessage';
import type { CurrentUser } from '../providers/currentUser';
import { Toast } from '../layout/Notification';
import { PasswordField } from '../auth/PasswordField';
import {
  PROBLEM_ARGS,
  PROBLEM_KEYS,
  passwordChangeProblems,
  serverPasswordProblems,
  type PasswordChangeValues,
  type PasswordProblem,
} from './passwordRules';

type Field = keyof PasswordChangeValues;

/**
 * Current password, new password, confirmation: POST /api/user/password. The rules are checked
 * here first; the server's refusals (a wrong current password, a new one it does not take) are
 * shown translated on their field, with a toast. `onChanged` gets the updated current user.
 */
export const ChangePasswordForm = ({
  username,
  onChanged,
  cancel,
  currentHint,
}: {
  username: string;
  onChanged: (user: CurrentUser) => void;
  /** A way back, beside the submit button (not offered while the change is required). */
  cancel?: ReactNode;
  /** A message key under the current password (after a reset: it is the temporary one). */
  currentHint?: string;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [values, setValues] = useState<PasswordChangeValues>({ currentPassword: '', newPassword: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [pending, setPending] = useState(false);

  const text = (problem: PasswordProblem | undefined) => (problem ? translate(PROBLEM_KEYS[problem], PROBLEM_ARGS) : undefined);
  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = passwordChangeProblems(values, username);
    setErrors({ currentPassword: text(problems.currentPassword), newPassword: text(problems.newPassword), confirm: text(problems.confirm) });
    if (Object.keys(problems).length) return;
    setPending(true);
    try {
      const user = await sendJson<CurrentUser>('POST', '/user/password', {
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      notify('password.changed', { type: 'success' });
      onChanged(user);
    } catch (error) {
      setPending(false);
      const found = serverPasswordProblems(bodyOf(error), { ...values, username });
      setErrors({
        currentPassword: text(found.currentPassword),
        newPassword: text(found.newPassword) ?? found.text?.newPassword,
      });
      const description = text(found.currentPassword) ?? text(found.newPassword) ?? errorMessage(error, translate, 'password.changeFailed');
      notify(<Toast title={translate('password.changeFailed')} description={description} />, { type: 'error' });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="change-password-form">
      {/* For password managers: whose password this is. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <PasswordField
        name="currentPassword"
        label={translate('password.current')}
        autoComplete="current-password"
        autoFocus
        value={values.currentPassword}
        onChange={set('currentPassword')}
        error={!!errors.currentPassword}
        helperText={errors.currentPassword ?? (currentHint ? translate(currentHint) : undefined)}
        fullWidth
      />
      <PasswordField
        name="newPassword"
        label={translate('password.new')}
        autoComplete="new-password"
        value={values.newPassword}
        onChange={set('newPassword')}
        error={!!errors.newPassword}
        helperText={errors.newPassword ?? translate('password.newHint')}
        fullWidth
      />
      <PasswordField
        name="confirm"
        label={translate('password.confirm')}
        autoComplete="new-password"
        value={values.confirm}
        onChange={set('confirm')}
        error={!!errors.confirm}
        helperText={errors.confirm}
        fullWidth
      />
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {cancel}
        <Button
          type="submit"
          variant="contained"
          // Alone (the required change), it spans the form like the sign-in button.
          fullWidth={!cancel}
          size={cancel ? 'medium' : 'large'}
          disabled={pending}
          startIcon={pending ? <CircularProgress size={18} color="inherit" /> : undefined}
          data-testid="change-password-submit"
        >
          {translate(pending ? 'password.submitting' : 'password.submit')}
        </Button>
      </Box>
    </Box>
  );
};
