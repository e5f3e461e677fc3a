import { useState, type FormEvent } from 'react';
import { Box, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { codeOf } from '../providers/http';
import { errorMessage, fieldErrorsOf } from '../providers/errorMessage';
import type { CurrentUser } from '../providers/currentUser';
import { Toast } from '../common/Toast';
import { FormPasswordField } from '../common/PasswordField';
import { SubmitButton } from '../common/SubmitButton';
import { register } from './api';
import { PASSWORD_MIN_LENGTH, newPasswordProblem } from '../account/passwordRules';

/** Registration rules shared with the API (DESIGN.md §5): an e-mail and 12 characters at least, not the e-mail. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Fields = 'username' | 'password' | 'confirm';

export const RegisterForm = ({ onRegistered }: { onRegistered: (user: CurrentUser | undefined) => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [values, setValues] = useState<Record<Fields, string>>({ username: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [pending, setPending] = useState(false);
  const set = (field: Fields) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));
  const form = { values, errors, set };

  const validate = () => {
    const found: Partial<Record<Fields, string>> = {};
    const username = values.username.trim();
    if (!username) found.username = translate('ra.validation.required');
    else if (!EMAIL.test(username)) found.username = translate('ra.validation.email');
    if (!values.password) found.password = translate('ra.validation.required');
    else if (values.password.length < PASSWORD_MIN_LENGTH) found.password = translate('ra.validation.minLength', { min: PASSWORD_MIN_LENGTH });
    else if (newPasswordProblem(values.password, { username }) === 'sameAsUsername') found.password = translate('password.sameAsUsername');
    if (values.confirm !== values.password) found.confirm = translate('auth.passwordsDiffer');
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      const answer = await register(values.username.trim(), values.password);
      notify(<Toast title={translate('auth.registrationSuccessful')} description={translate('auth.waitForApproval')} />, { type: 'success' });
      onRegistered(answer?.user);
    } catch (error) {
      setPending(false);
      const duplicate = codeOf(error) === 'conflict.duplicate';
      const description = duplicate ? translate('auth.usernameTaken') : errorMessage(error, translate, 'auth.registrationFailed');
      setErrors({ ...fieldErrorsOf(error), ...(duplicate ? { username: description } : {}) });
      notify(<Toast title={translate('auth.registrationFailed')} description={description} />, { type: 'error' });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="register-form">
      <Typography variant="body2" color="text.secondary">
        {translate('auth.registerIntro')}
      </Typography>
      <TextField
        name="username"
        label={translate('auth.username')}
        type="email"
        autoComplete="email"
        value={values.username}
        onChange={set('username')}
        error={!!errors.username}
        helperText={errors.username}
        slotProps={{ htmlInput: { dir: 'ltr' } }}
        fullWidth
      />
      <FormPasswordField form={form} name="password" label={translate('auth.password')} autoComplete="new-password" hint={translate('auth.passwordHint')} />
      <FormPasswordField form={form} name="confirm" label={translate('auth.confirmPassword')} autoComplete="new-password" />
      <SubmitButton pending={pending} label="auth.register" pendingLabel="auth.registering" testId="register-submit" />
    </Box>
  );
};
