import { useState, type FormEvent } from 'react';
import { Box, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { authProvider, SessionCookieRefused } from '../providers/authProvider';
import { CookieRefusedNotice } from '../embedding/CookieRefusedNotice';
import { errorMessage } from '../providers/errorMessage';
import { codeOf } from '../providers/http';
import type { CurrentUser } from '../providers/currentUser';
import { Toast } from '../common/Toast';
import { PasswordField } from '../common/PasswordField';
import { SubmitButton } from '../common/SubmitButton';

export const LoginForm = ({ onSignedIn }: { onSignedIn: (user: CurrentUser) => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [pending, setPending] = useState(false);
  const [cookieRefused, setCookieRefused] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      username: username.trim() ? undefined : translate('ra.validation.required'),
      password: password ? undefined : translate('ra.validation.required'),
    };
    setErrors(found);
    if (found.username || found.password) return;
    setPending(true);
    setCookieRefused(false);
    try {
      const user = (await authProvider.login({ username: username.trim(), password })) as CurrentUser;
      onSignedIn(user);
    } catch (error) {
      setPending(false);
      if (error instanceof SessionCookieRefused) {
        setCookieRefused(true);
        return;
      }
      // On the sign-in form, 'auth.required' can only mean an account that was switched off.
      const description = codeOf(error) === 'auth.required' ? translate('auth.accountInactive') : errorMessage(error, translate, 'auth.loginFailed');
      notify(<Toast title={translate('auth.loginFailed')} description={description} />, {
        type: 'error',
      });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="login-form">
      {cookieRefused && <CookieRefusedNotice />}
      <TextField
        name="username"
        label={translate('auth.username')}
        type="email"
        autoComplete="username"
        autoFocus
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={!!errors.username}
        helperText={errors.username}
        slotProps={{ htmlInput: { dir: 'ltr' } }}
        fullWidth
      />
      <PasswordField
        name="password"
        label={translate('auth.password')}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={!!errors.password}
        helperText={errors.password}
        fullWidth
      />
      <SubmitButton pending={pending} label="auth.signIn" pendingLabel="auth.loggingIn" testId="login-submit" />
    </Box>
  );
};
