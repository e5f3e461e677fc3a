import { Box, TextField, Typography } from '@mui/material';
import { DateInput, RadioButtonGroupInput, TextInput, email, maxLength, required, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { PAYMENT_METHODS } from './invoiceApi';
import { computeInvoiceAmounts, formatMoney, priceMinorUnits, taxBasisPoints } from './money';

const priceValid = (value: unknown) => (value === '' || value == null || priceMinorUnits(value) !== null ? undefined : 'invoice.priceInvalid');
const taxValid = (value: unknown) => (taxBasisPoints(value) !== null ? undefined : 'invoice.taxInvalid');
const vatValid = (value: unknown) => (!value || /^[0-9A-Za-z]{5,30}$/.test(String(value).trim()) ? undefined : 'invoice.vatInvalid');
const dateValid = (value: unknown) => (!value || /^\d{4}-\d{2}-\d{2}$/.test(String(value)) ? undefined : 'invoice.dateInvalid');

const paymentChoices = PAYMENT_METHODS.map((id) => ({ id, name: `invoice.paymentMethods.${id}` }));

/** A left-to-right run (an amount) kept whole inside an Arabic sentence. */
const isolate = (text: string) => `\u2066${text}\u2069`;

/** Left-to-right input for numbers, e-mails and codes inside Arabic pages. */
const ltr = { htmlInput: { dir: 'ltr' } } as const;
/** Names and addresses in either script: each shown in its own direction. */
const auto = { htmlInput: { dir: 'auto' } } as const;
const decimal = { htmlInput: { dir: 'ltr', inputMode: 'decimal', autoComplete: 'off' } } as const;

const Group = ({ title, children }: { title: string; children: React.ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" color="text.secondary" sx={{ fontWeight: 600, paddingBlockEnd: 0.5 }}>
        {translate(title)}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>{children}</Box>
    </Box>
  );
};

/**
 * The read-only total: salePrice + salePrice × tax / 100, computed in integer cents with the
 * API's own function, so what is shown is what the PDF will say.
 */
export const InvoiceTotal = () => {
  const translate = useTranslate();
  const [salePrice, taxPercentage] = useWatch({ name: ['salePrice', 'taxPercentage'] });
  const amounts = computeInvoiceAmounts(salePrice, taxPercentage);
  const percent = String(taxPercentage ?? '').trim() || '0';
  return (
    <TextField
      label={translate('invoice.fields.total')}
      value={amounts ? formatMoney(amounts.totalAmount) : '—'}
      variant="filled"
      size="small"
      margin="dense"
      fullWidth
      helperText={amounts ? translate('invoice.taxLine', { percent: isolate(percent), amount: isolate(formatMoney(amounts.taxAmount)) }) : translate('invoice.totalHint')}
      slotProps={{
        input: { readOnly: true, sx: { fontWeight: 700 } },
        htmlInput: { dir: 'ltr', 'data-testid': 'invoice-total', 'aria-readonly': true, tabIndex: -1 },
        formHelperText: { dir: 'auto' } as object,
      }}
    />
  );
};

/** Every field of an invoice (SPEC.md §3), grouped: invoice, buyer, seller, amount. */
export const InvoiceFields = () => (
  // Values start at the side labels do: 'left' becomes 'right' on right-to-left pages (the RTL
  // style plugin flips it), also for left-to-right values such as amounts and e-mails.
  <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, '& .MuiInputBase-input': { textAlign: 'left' } }}>
    <Group title="invoice.groups.invoice">
      <DateInput source="date" label="invoice.fields.date" validate={[required(), dateValid]} helperText={false} />
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
    <Group title="invoice.groups.seller">
      <TextInput source="companyName" label="invoice.fields.companyName" validate={[required(), maxLength(200)]} helperText={false} slotProps={auto} />
      <TextInput source="companyAddress" label="invoice.fields.companyAddress" validate={maxLength(500)} helperText={false} slotProps={auto} />
      <TextInput source="companyCity" label="invoice.fields.companyCity" validate={maxLength(100)} helperText={false} slotProps={auto} />
      <TextInput source="companyCountry" label="invoice.fields.companyCountry" validate={maxLength(100)} helperText={false} slotProps={auto} />
      <TextInput source="sellerVatNumber" label="invoice.fields.sellerVatNumber" validate={vatValid} helperText="invoice.vatHint" slotProps={ltr} />
    </Group>
    <Group title="invoice.groups.amount">
      <TextInput source="salePrice" label="invoice.fields.salePrice" validate={[required(), priceValid]} helperText="invoice.priceHint" slotProps={decimal} />
      <TextInput source="taxPercentage" label="invoice.fields.taxPercentage" validate={taxValid} helperText="invoice.taxHint" slotProps={decimal} />
      <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
        <InvoiceTotal />
      </Box>
    </Group>
  </Box>
);
