import { useMemo } from 'react';
import { Alert, Box, CircularProgress, InputAdornment, Link as MuiLink, TextField, Typography } from '@mui/material';
import { BooleanInput, RadioButtonGroupInput, TextInput, email, maxLength, required, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { PAYMENT_METHODS, offersTaxInvoiceChoice } from './invoiceRequest';
import { computeInvoiceAmounts, formatMinorAmount, formatMoney, priceMinorUnits, taxBasisPoints } from './money';
import type { SellerState } from './useSeller';
import { taxPercentageError, vatNumberError } from '../companyProfile/vat';
import { DatePickerInput } from '../common/DatePickerInput';

const priceValid = (value: unknown) => (value === '' || value == null || priceMinorUnits(value) !== null ? undefined : 'invoice.priceInvalid');
const dateValid = (value: unknown) => (!value || /^\d{4}-\d{2}-\d{2}$/.test(String(value)) ? undefined : 'invoice.dateInvalid');

const paymentChoices = PAYMENT_METHODS.map((id) => ({ id, name: `invoice.paymentMethods.${id}` }));

/** A left-to-right run (an amount) kept whole inside an Arabic sentence. */
const isolate = (text: string) => `\u2066${text}\u2069`;

/** Left-to-right input for numbers, e-mails and codes inside Arabic pages. */
const ltr = { htmlInput: { dir: 'ltr' } } as const;
/** Names and addresses in either script: each shown in its own direction. */
const auto = { htmlInput: { dir: 'auto' } } as const;
const decimal = { htmlInput: { dir: 'ltr', inputMode: 'decimal', autoComplete: 'off' } } as const;

const Group = ({ title, intro, children, testId }: { title: string; intro?: React.ReactNode; children: React.ReactNode; testId?: string }) => {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, padding: 0, margin: 0, minWidth: 0 }} data-testid={testId}>
      <Typography component="legend" variant="subtitle2" color="text.secondary" sx={{ fontWeight: 600, paddingBlockEnd: 0.5 }}>
        {translate(title)}
      </Typography>
      {intro}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>{children}</Box>
    </Box>
  );
};

/** An amount with its currency code when the currency is known (the company's profile has loaded). */
const money = (minor: number, currency?: string) => (currency ? formatMoney(minor, currency) : formatMinorAmount(minor));

/** Where the seller comes from: the company's invoice profile, loading, not loaded, or not chosen yet. */
const SellerSource = ({ state, profilePath }: { state: SellerState; profilePath?: string }) => {
  const translate = useTranslate();
  const common = { 'data-testid': 'seller-source', 'data-state': state } as const;
  if (state === 'error') {
    return (
      <Alert severity="warning" sx={{ marginBlock: 0.5 }} {...common}>
        {translate('invoice.sellerLoadFailed')}
      </Alert>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, marginBlockEnd: 0.5 }} {...common}>
      {state === 'loading' && <CircularProgress size={14} aria-hidden />}
      <span>{translate(`invoice.seller.${state}`)}</span>
      {state === 'loaded' && profilePath && (
        <MuiLink component={Link} to={profilePath} data-testid="seller-profile-link">
          {translate('invoice.seller.editProfile')}
        </MuiLink>
      )}
    </Typography>
  );
};

/**
 * The read-only total: salePrice + salePrice × tax / 100, computed in integer cents with the
 * API's own function, so what is shown is what the PDF will say.
 */
export const InvoiceTotal = ({ currency }: { currency?: string }) => {
  const translate = useTranslate();
  const [salePrice, taxPercentage] = useWatch({ name: ['salePrice', 'taxPercentage'] });
  const amounts = computeInvoiceAmounts(salePrice, taxPercentage);
  const percent = String(taxPercentage ?? '').trim() || '0';
  return (
    <TextField
      label={translate('invoice.fields.total')}
      value={amounts ? money(amounts.totalAmount, currency) : '—'}
      variant="filled"
      size="small"
      margin="dense"
      fullWidth
      helperText={amounts ? translate('invoice.taxLine', { percent: isolate(percent), amount: isolate(money(amounts.taxAmount, currency)) }) : translate('invoice.totalHint')}
      slotProps={{
        input: { readOnly: true, sx: { fontWeight: 700 } },
        htmlInput: { dir: 'ltr', 'data-testid': 'invoice-total', 'aria-readonly': true, tabIndex: -1 },
        formHelperText: { dir: 'auto' } as object,
      }}
    />
  );
};

/**
 * The title the PDF will carry, and at 0 % VAT with a VAT number the seller's explicit choice of a
 * tax invoice (a zero-rated sale): an invoice that charges no VAT is not titled one by default.
 */
const InvoiceTitleChoice = () => {
  const translate = useTranslate();
  const [taxPercentage, sellerVatNumber, taxInvoice] = useWatch({ name: ['taxPercentage', 'sellerVatNumber', 'taxInvoice'] });
  const offered = offersTaxInvoiceChoice({ taxPercentage, sellerVatNumber });
  const hasVat = String(sellerVatNumber ?? '').trim() !== '';
  const charged = (taxBasisPoints(taxPercentage) ?? 0) > 0;
  const tax = hasVat && (charged || (offered && taxInvoice === true));
  return (
    <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
      {offered && (
        <BooleanInput source="taxInvoice" label="invoice.fields.taxInvoice" helperText="invoice.taxInvoiceHint" data-testid="tax-invoice-choice" />
      )}
      <Typography variant="body2" color="text.secondary" data-testid="invoice-title" data-title={tax ? 'tax' : 'plain'}>
        {translate('invoice.titleWillBe', { title: translate(tax ? 'invoice.titles.tax' : 'invoice.titles.plain') })}
      </Typography>
    </Box>
  );
};

export interface InvoiceFieldsProps {
  /** The invoicing company's currency (ISO 4217), once its profile has loaded. */
  currency?: string;
  /** Whether the seller fields have been filled from the company's profile. */
  sellerState?: SellerState;
  /** Where the company's invoice profile can be changed, for those who may change it. */
  profilePath?: string;
}

/** Every field of an invoice (SPEC.md §3), grouped: invoice, buyer, seller, amount. */
export const InvoiceFields = ({ currency, sellerState, profilePath }: InvoiceFieldsProps) => {
  // The API's VAT rule, with the invoice's own country and the company's currency (domain/vatNumber.ts).
  const vatValid = useMemo(
    () => (value: unknown, values: Record<string, unknown>) => vatNumberError(value, { country: values.companyCountry, currency }),
    [currency],
  );
  return (
    // Values start at the side labels do: 'left' becomes 'right' on right-to-left pages (the RTL
    // style plugin flips it), also for left-to-right values such as amounts and e-mails.
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, '& .MuiInputBase-input': { textAlign: 'left' } }}>
      <Group title="invoice.groups.invoice">
        <DatePickerInput source="date" label="invoice.fields.date" validate={[required(), dateValid]} helperText={false} />
        <RadioButtonGroupInput
          source="paymentMethod"
          label="invoice.fields.paymentMethod"
          choices={paymentChoices}
          validate={required()}
          helperText={false}
          row
          data-testid="payment-method"
        />
      </Group>
      <Group title="invoice.groups.buyer">
        <TextInput source="buyerName" label="invoice.fields.buyerName" validate={[required(), maxLength(200)]} helperText={false} autoComplete="off" slotProps={auto} />
        <TextInput source="buyerPhone" label="invoice.fields.buyerPhone" validate={maxLength(50)} helperText={false} slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel' } }} type="tel" />
        <TextInput source="buyerEmail" label="invoice.fields.buyerEmail" validate={[email(), maxLength(254)]} helperText={false} slotProps={ltr} type="email" />
        <TextInput source="buyerAddress" label="invoice.fields.buyerAddress" validate={maxLength(500)} helperText={false} slotProps={auto} />
      </Group>
      <Group title="invoice.groups.seller" intro={sellerState && <SellerSource state={sellerState} profilePath={profilePath} />} testId="invoice-seller">
        <TextInput source="companyName" label="invoice.fields.companyName" validate={maxLength(200)} helperText={false} slotProps={auto} />
        <TextInput source="companyNameAr" label="invoice.fields.companyNameAr" validate={maxLength(200)} helperText={false} slotProps={{ htmlInput: { dir: 'rtl', lang: 'ar' } }} />
        <TextInput source="companyAddress" label="invoice.fields.companyAddress" validate={maxLength(500)} helperText={false} slotProps={auto} />
        <TextInput source="companyCity" label="invoice.fields.companyCity" validate={maxLength(100)} helperText={false} slotProps={auto} />
        <TextInput source="companyCountry" label="invoice.fields.companyCountry" validate={maxLength(100)} helperText={false} slotProps={auto} />
        <TextInput source="sellerVatNumber" label="invoice.fields.sellerVatNumber" validate={vatValid} helperText="invoice.vatHint" slotProps={ltr} />
      </Group>
      <Group title="invoice.groups.amount">
        <TextInput
          source="salePrice"
          label="invoice.fields.salePrice"
          validate={[required(), priceValid]}
          helperText="invoice.priceHint"
          slotProps={{
            ...decimal,
            input: currency
              ? { endAdornment: <InputAdornment position="end"><bdi dir="ltr" data-testid="sale-price-currency">{currency}</bdi></InputAdornment> }
              : undefined,
          }}
        />
        <TextInput source="taxPercentage" label="invoice.fields.taxPercentage" validate={taxPercentageError} helperText="invoice.taxHint" slotProps={decimal} />
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          <InvoiceTotal currency={currency} />
        </Box>
        <InvoiceTitleChoice />
      </Group>
    </Box>
  );
};
