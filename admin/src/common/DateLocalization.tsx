import { useMemo, type ReactNode } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { LocalizationProvider, type LocalizationProviderProps } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { ar } from 'date-fns/locale/ar';
import { enUS } from 'date-fns/locale/en-US';

/**
 * The date pickers' language: month and day names, the field's order (MM/dd/yyyy in English,
 * dd/MM/yyyy in Arabic) and first day of the week from date-fns's locale; the pickers' own texts
 * (buttons, placeholders, screen-reader labels) from our messages, since MUI X ships no Arabic.
 * Provided by each picker rather than the app: the pickers' code stays out of the first load.
 */
export const DateLocalization = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const localeText = useMemo<NonNullable<LocalizationProviderProps<Date>['localeText']>>(
    () => ({
      previousMonth: translate('datePicker.previousMonth'),
      nextMonth: translate('datePicker.nextMonth'),
      openPreviousView: translate('datePicker.openPreviousView'),
      openNextView: translate('datePicker.openNextView'),
      calendarViewSwitchingButtonAriaLabel: (view) => translate(view === 'year' ? 'datePicker.yearViewOpen' : 'datePicker.calendarViewOpen'),
      cancelButtonLabel: translate('datePicker.cancel'),
      clearButtonLabel: translate('datePicker.clear'),
      okButtonLabel: translate('datePicker.ok'),
      todayButtonLabel: translate('datePicker.today'),
      datePickerToolbarTitle: translate('datePicker.selectDate'),
      openDatePickerDialogue: (date) => (date ? translate('datePicker.chooseDateSelected', { date }) : translate('datePicker.chooseDate')),
      fieldClearLabel: translate('datePicker.clear'),
      dateTableLabel: translate('datePicker.pickDate'),
      fieldYearPlaceholder: () => translate('datePicker.yearPlaceholder'),
      fieldMonthPlaceholder: () => translate('datePicker.monthPlaceholder'),
      fieldDayPlaceholder: () => translate('datePicker.dayPlaceholder'),
      year: translate('datePicker.year'),
      month: translate('datePicker.month'),
      day: translate('datePicker.day'),
      empty: translate('datePicker.empty'),
    }),
    [translate],
  );
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={locale === 'ar' ? ar : enUS} localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
};
