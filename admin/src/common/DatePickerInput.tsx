import { useMemo, useRef, useState } from 'react';
import { FieldTitle, InputHelperText, useInput, type Validator } from 'react-admin';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { format, isValid, parse } from 'date-fns';
import { DateLocalization } from './DateLocalization';

/** The API's calendar day (docs/api.md): a 'yyyy-MM-dd' string, with or without a time after it. */
const DAY = /^\d{4}-\d{2}-\d{2}/;

/** 'yyyy-MM-dd…' → that day at local midnight; anything else → null. */
function dayOf(value: unknown): Date | null {
  if (typeof value !== 'string' || !DAY.test(value)) return null;
  const date = parse(value.slice(0, 10), 'yyyy-MM-dd', new Date());
  return isValid(date) ? date : null;
}

/** A picked date → 'yyyy-MM-dd'; nothing, or a date still being typed, → null. */
const valueOf = (date: Date | null): string | null => (date && isValid(date) ? format(date, 'yyyy-MM-dd') : null);

export interface DatePickerInputProps {
  source: string;
  label?: string;
  resource?: string;
  validate?: Validator | Validator[];
  helperText?: string | false;
  'data-testid'?: string;
  // Given by react-admin's filter form to each filter; the picker has no use for them.
  record?: unknown;
  size?: 'small' | 'medium';
  defaultValue?: unknown;
  alwaysOn?: boolean;
}

/**
 * A react-admin date input drawn by MUI X's DatePicker, in the user's language (DateLocalization),
 * typed section by section with the keyboard or picked from the calendar. The form value stays a
 * 'yyyy-MM-dd' string (or null), as the native date input gave it, so what the API receives does
 * not change. A date typed only in part is an error rather than a silent empty value.
 */
export const DatePickerInput = ({ source, label, resource, validate, helperText, 'data-testid': testId, size = 'small' }: DatePickerInputProps) => {
  // Whether the picker holds a date it cannot read (typed in part, or the 31st of a 30-day month).
  const unreadable = useRef(false);
  const validators = useMemo(() => {
    const own: Validator = () => (unreadable.current ? 'datePicker.invalid' : undefined);
    return [...(Array.isArray(validate) ? validate : validate ? [validate] : []), own];
  }, [validate]);
  const { field, fieldState, id, isRequired } = useInput({ source, resource, validate: validators });
  // The picker's own last date, kept while it means the form's value: an unfinished date has no
  // form value (null), and handing the picker null back would wipe what the user has typed.
  const [draft, setDraft] = useState<Date | null | undefined>(undefined);
  const formValue = typeof field.value === 'string' && DAY.test(field.value) ? field.value.slice(0, 10) : null;
  const value = draft !== undefined && valueOf(draft) === formValue ? draft : dayOf(formValue);
  const { error, invalid } = fieldState;
  return (
    <DateLocalization>
      <DatePicker
        value={value}
        onChange={(date) => {
          unreadable.current = date != null && !isValid(date);
          setDraft(date);
          field.onChange(valueOf(date));
        }}
        label={label !== '' ? <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} /> : undefined}
        className={`ra-input ra-input-${source}`}
        slotProps={{
          field: { clearable: true },
          textField: {
            id,
            name: field.name,
            inputRef: field.ref,
            onBlur: field.onBlur,
            variant: 'filled',
            size,
            margin: 'dense',
            error: invalid,
            helperText: helperText !== false || invalid ? <InputHelperText error={error?.message} helperText={helperText} /> : undefined,
            // @ts-expect-error data attributes reach the text field's root element
            'data-testid': testId,
          },
        }}
      />
    </DateLocalization>
  );
};
