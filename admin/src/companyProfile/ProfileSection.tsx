import { Box, Typography } from '@mui/material';
import { Form, RadioButtonGroupInput, SaveButton, TextInput, maxLength, useNotify, useTranslate } from 'react-admin';
import { PAYMENT_METHODS } from '@domain/paymentMethods';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage, fieldErrorsOf } from '../providers/errorMessage';
import { Section } from '../common/Section';
import { UnsavedChangesDialog } from '../common/UnsavedChangesDialog';
import { CurrencyInput } from './CurrencyInput';
import { profileFieldErrors, profileFormValues, profilePayload, type CompanyProfile } from './profile';
import { saveCompanyProfile } from './api';
import { SELLER_QUERY_KEY, companyProfileKey } from './useCompanyProfile';
import { commercialRegistrationError, taxPercentageError, vatNumberError } from './vat';

/** Names and addresses in either script: each shown in its own direction. */
const auto = { htmlInput: { dir: 'auto' } } as const;
/** Identifiers (VAT, CR): digits, left to right on Arabic pages too. */
const identifier = { htmlInput: { dir: 'ltr', inputMode: 'numeric', spellCheck: false, autoComplete: 'off' } } as const;

/** The API's rule, against the country and currency the form will save with it. */
const vatValid = (value: unknown, values: Record<string, unknown>) => vatNumberError(value, { country: values.country, currency: values.currency });

const paymentChoices = PAYMENT_METHODS.map((id) => ({ id, name: `invoice.paymentMethods.${id}` }));
const decimal = { htmlInput: { dir: 'ltr', inputMode: 'decimal', autoComplete: 'off' } } as const;

const Fields = ({ children }: { children: React.ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2 }}>{children}</Box>
);

/**
 * "Invoice details": the seller's profile of a company, saved with PATCH /api/companies/{id}
 * (profile fields only). The server's field errors are shown on their fields.
 */
export const ProfileSection = ({ company }: { company: CompanyProfile }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();

  const save = async (values: Record<string, any>) => {
    try {
      const saved = await saveCompanyProfile(company.id, profilePayload(values));
      queryClient.setQueryData(companyProfileKey(company.id), (current: CompanyProfile | undefined) => ({ ...current, ...saved }));
      // Invoice forms prefill from the profile, and the companies list shows the company.
      await queryClient.invalidateQueries({ queryKey: SELLER_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['companies'] });
      notify('companyProfile.saved', { type: 'success' });
      return undefined;
    } catch (error) {
      notify(errorMessage(error, translate, 'companyProfile.saveFailed'), { type: 'error' });
      return profileFieldErrors(fieldErrorsOf(error));
    }
  };

  return (
    <Section title="companyProfile.invoiceDetails" testId="invoice-profile">
      <Typography variant="body2" color="text.secondary" sx={{ marginBlockEnd: 1 }}>
        {translate('companyProfile.invoiceDetailsHint')}
      </Typography>
      <Form record={{ id: company.id, ...profileFormValues(company) }} onSubmit={save} warnWhenUnsavedChanges WarnWhenUnsavedChangesComponent={UnsavedChangesDialog} noValidate>
        {/* Values start where their labels do, also left-to-right ones on Arabic pages. */}
        <Box sx={{ '& .MuiInputBase-input': { textAlign: 'left' } }}>
          <Fields>
            <TextInput
              source="legalNameEn"
              label="companyProfile.fields.legalNameEn"
              validate={maxLength(200)}
              helperText="companyProfile.legalNameHint"
              slotProps={{ htmlInput: { dir: 'ltr', lang: 'en' } }}
            />
            <TextInput
              source="legalNameAr"
              label="companyProfile.fields.legalNameAr"
              validate={maxLength(200)}
              helperText={false}
              slotProps={{ htmlInput: { dir: 'rtl', lang: 'ar' } }}
            />
            <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
              <TextInput source="address" label="companyProfile.fields.address" validate={maxLength(500)} helperText={false} slotProps={auto} fullWidth />
            </Box>
            <TextInput source="city" label="companyProfile.fields.city" validate={maxLength(100)} helperText={false} slotProps={auto} />
            <TextInput source="country" label="companyProfile.fields.country" validate={maxLength(100)} helperText="companyProfile.countryHint" slotProps={auto} />
            <TextInput
              source="vatNumber"
              label="companyProfile.fields.vatNumber"
              validate={[maxLength(40), vatValid]}
              helperText="companyProfile.vatHint"
              slotProps={identifier}
            />
            <TextInput
              source="commercialRegistrationNumber"
              label="companyProfile.fields.commercialRegistrationNumber"
              validate={[maxLength(30), commercialRegistrationError]}
              helperText={false}
              slotProps={identifier}
            />
            <CurrencyInput />
            <TextInput
              source="invoiceTaxPercentage"
              label="companyProfile.fields.invoiceTaxPercentage"
              validate={taxPercentageError}
              helperText="companyProfile.defaultsHint"
              slotProps={decimal}
              data-testid="profile-tax-percentage"
            />
            <RadioButtonGroupInput
              source="invoicePaymentMethod"
              label="companyProfile.fields.invoicePaymentMethod"
              choices={paymentChoices}
              helperText={false}
              row
              data-testid="profile-payment-method"
            />
          </Fields>
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', marginBlockStart: 2 }}>
          <SaveButton alwaysEnable data-testid="profile-save" />
        </Box>
      </Form>
    </Section>
  );
};
