import { useState, type FormEvent, type ReactNode } from 'react';
import { Box, Button, CircularProgress } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { bodyOf } from '../providers/http';
import { errorMessage } from '../providers/errorMessage';
import type { CurrentUser } from '../providers/currentUser';
import { Toast } from '../common/Toast';
import { FormPasswordField } from '../common/PasswordField';
import {
  PROBLEM_ARGS,
  PROBLEM_KEYS,
  passwordChangeProblems,
  serverPasswordProblems,
  type PasswordChangeValues,
  type PasswordProblem,
} from './passwordRules';
import { changePassword } from './api';

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
  const form = { values, errors, set };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = passwordChangeProblems(values, username);
    setErrors({ currentPassword: text(problems.currentPassword), newPassword: text(problems.newPassword), confirm: text(problems.confirm) });
    if (Object.keys(problems).length) return;
    setPending(true);
    try {
      const user = await changePassword(values.currentPassword, values.newPassword);
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
      <FormPasswordField
        form={form}
        name="currentPassword"
        label={translate('password.current')}
        autoComplete="current-password"
        autoFocus
        hint={currentHint ? translate(currentHint) : undefined}
      />
      <FormPasswordField form={form} name="newPassword" label={translate('password.new')} autoComplete="new-password" hint={translate('password.newHint')} />
      <FormPasswordField form={form} name="confirm" label={translate('password.confirm')} autoComplete="new-password" />
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
