import { useMemo } from 'react';
import { Autocomplete, Box, TextField, createFilterOptions } from '@mui/material';
import { ValidationError, required, useInput, useLocale, useTranslate } from 'react-admin';
import { PREFERRED_CURRENCIES, currencyChoices, currencyName, isCurrencyCode, normaliseCurrency } from './currencies';

const currencyValid = (value: unknown) => (!value || isCurrencyCode(value) ? undefined : 'companyProfile.currencyInvalid');

/**
 * The invoice currency: a select offering USD, SAR and AED first, then every ISO 4217 code the
 * API accepts (searchable by code or name); a code typed in is checked against the same list.
 */
export const CurrencyInput = ({ source = 'currency' }: { source?: string }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const choices = useMemo(() => currencyChoices(), []);
  const filter = useMemo(
    () => createFilterOptions<string>({ stringify: (code) => `${code} ${currencyName(code, locale)} ${currencyName(code, 'en')}` }),
    [locale],
  );
  const { field, fieldState, isRequired } = useInput({ source, validate: [required(), currencyValid] });
  const value = typeof field.value === 'string' ? field.value : '';
  const error = fieldState.error?.message;
  const name = isCurrencyCode(value) ? currencyName(value, locale) : '';
  const preferred = (code: string) => (PREFERRED_CURRENCIES as readonly string[]).includes(code);
  return (
    <Autocomplete
      freeSolo
      options={choices}
      value={value || null}
      inputValue={value}
      onChange={(_, chosen) => field.onChange(normaliseCurrency(chosen ?? ''))}
      onInputChange={(_, typed, reason) => {
        if (reason !== 'reset') field.onChange(normaliseCurrency(typed).slice(0, 3));
      }}
      onBlur={field.onBlur}
      filterOptions={filter}
      groupBy={(code) => translate(preferred(code) ? 'companyProfile.currencyUsual' : 'companyProfile.currencyOthers')}
      renderOption={({ key, ...props }, code) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5 }}>
          <bdi dir="ltr" style={{ fontFamily: 'monospace', fontWeight: 600, minWidth: 40 }}>
            {code}
          </bdi>
          <span>{currencyName(code, locale)}</span>
        </Box>
      )}
      slotProps={{ listbox: { 'data-testid': 'currency-options' } as object }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={translate('companyProfile.fields.currency')}
          required={isRequired}
          variant="filled"
          size="small"
          margin="dense"
          error={!!error}
          // react-admin serialises a validator's message (with its arguments): ValidationError reads and translates it.
          helperText={error ? <ValidationError error={error} /> : name && name !== value ? name : translate('companyProfile.currencyHint')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, dir: 'ltr', autoCapitalize: 'characters', spellCheck: false, maxLength: 3, 'data-testid': 'currency-input' },
          }}
        />
      )}
    />
  );
};
