import { useState } from 'react';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslate } from 'react-admin';

/** A password input with a show/hide button (react-admin's texts for it). */
export const PasswordField = (props: TextFieldProps) => {
  const translate = useTranslate();
  const [visible, setVisible] = useState(false);
  const label = translate(visible ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden');
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={label} title={label} onClick={() => setVisible((v) => !v)} edge="end" size="small">
                {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
};

/** The state of a small form of text fields: values, a message per field, a change handler maker. */
export type TextFormState<F extends string> = {
  values: Record<F, string>;
  errors: Partial<Record<F, string | undefined>>;
  set: (field: F) => (event: { target: { value: string } }) => void;
};

/**
 * A PasswordField bound to one field of a form's state: its value, its change, its error shown
 * in place of `hint`.
 */
export function FormPasswordField<F extends string>({
  form,
  name,
  hint,
  ...props
}: { form: TextFormState<F>; name: F; hint?: string } & Pick<TextFieldProps, 'label' | 'autoComplete' | 'autoFocus'>) {
  const error = form.errors[name];
  return <PasswordField {...props} name={name} value={form.values[name]} onChange={form.set(name)} error={!!error} helperText={error ?? hint} fullWidth />;
}
