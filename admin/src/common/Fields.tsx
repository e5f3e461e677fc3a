import { Chip, MenuItem, TextField, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { formatListDate, parseApiDate } from './dates';

/** The Active / Inactive badge of companies and users. */
export const ActiveChip = ({ active }: { active: boolean }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant={active ? 'filled' : 'outlined'}
      color={active ? 'success' : 'default'}
      label={translate(active ? 'status.active' : 'status.inactive')}
    />
  );
};

/** A date as "MMM dd, yyyy", with the full date and time on hover. */
export const DateText = ({ value }: { value: unknown }) => {
  const locale = useLocale();
  const date = parseApiDate(value);
  if (!date) return <>—</>;
  return (
    <Typography component="time" variant="body2" sx={{ whiteSpace: 'nowrap' }} dateTime={date.toISOString()} title={date.toLocaleString(locale === 'ar' ? 'ar-u-nu-latn' : 'en-US')}>
      {formatListDate(date, locale)}
    </Typography>
  );
};

/** Latin text (e-mails, codes) kept left-to-right inside Arabic pages. */
export const Ltr = ({ children }: { children: React.ReactNode }) => <bdi dir="ltr">{children}</bdi>;

/**
 * For a react-admin SelectInput whose empty choice means something ('All', 'None'): the select
 * shows that choice's text when nothing is chosen, instead of an empty box.
 */
export const showEmptyChoice = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** The place of a select that waits for another choice (a shipper waits for the company). */
export const WaitingSelect = ({ label, helperText }: { label: string; helperText: string }) => {
  const translate = useTranslate();
  return (
    <TextField
      select
      disabled
      fullWidth
      size="small"
      margin="dense"
      variant="filled"
      label={translate(label)}
      value=""
      helperText={translate(helperText)}
      slotProps={{ select: { displayEmpty: false } }}
    >
      <MenuItem value="" />
    </TextField>
  );
};
