import { useId, useState, type ReactNode } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, IconButton, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import { useLocale, useTranslate, type RaRecord } from 'react-admin';
import { Ltr } from '../common/Fields';
import { Name, useTranslateWith } from '../common/Interpolate';
import { formatDateTime } from '../common/dates';
import { DownloadInvoiceButton, invoiceLabel } from './DownloadInvoiceButton';
import { formatInvoiceDate } from './invoiceDate';
import { invoiceDownloadName } from './fileName';
import { formatAmount, formatKilobytes } from './money';

const Item = ({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="caption" color="text.secondary" component="dt">
      {label}
    </Typography>
    <Typography variant="body2" component="dd" sx={{ margin: 0, fontWeight: 500, overflowWrap: 'anywhere' }} data-testid={testId}>
      {children}
    </Typography>
  </Box>
);

const Group = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" sx={{ paddingBlock: 1 }}>
    <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600, marginBlockEnd: 1 }}>
      {title}
    </Typography>
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 1.5, margin: 0 }}>
      {children}
    </Box>
  </Box>
);

const orDash = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

/** Everything stored about an invoice: payment method, amounts, size in KB, buyer and seller. */
export const InvoiceDetails = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const field = (name: string) => translate(`invoice.fields.${name}`);
  const tax = record.taxPercentage == null ? '0' : String(Number(record.taxPercentage));
  return (
    <>
      <Group title={translate('invoice.groups.invoice')}>
        <Item label={field('invoiceNumber')}>
          <Ltr>{orDash(record.invoiceNumber)}</Ltr>
        </Item>
        <Item label={field('issuedDate')}>{formatInvoiceDate(record.issuedDate, locale) || '—'}</Item>
        <Item label={field('paymentMethod')} testId="invoice-payment-method">
          {record.paymentMethod ? translate(`invoice.paymentMethods.${record.paymentMethod}`, { _: record.paymentMethod }) : '—'}
        </Item>
        <Item label={field('containerNumber')}>
          <Ltr>{orDash(record.containerNumber)}</Ltr>
        </Item>
        {/* The name it downloads under (an invoice stored before that name kept invoice-{date}.pdf). */}
        <Item label={field('fileName')} testId="invoice-file-name">
          <bdi dir="auto">{invoiceDownloadName(record)}</bdi>
        </Item>
        <Item label={field('fileSize')} testId="invoice-file-size">
          {translate('invoice.sizeKb', { size: formatKilobytes(record.fileSize) })}
        </Item>
        <Item label={field('createdAt')}>{formatDateTime(record.createdAt, locale) || '—'}</Item>
      </Group>
      <Divider />
      <Group title={translate('invoice.groups.amount')}>
        <Item label={field('salePrice')}>
          <Ltr>{formatAmount(record.salePrice, record.currency)}</Ltr>
        </Item>
        <Item label={translate('invoice.taxAmountOf', { percent: tax })}>
          <Ltr>{formatAmount(record.taxAmount, record.currency)}</Ltr>
        </Item>
        <Item label={field('total')} testId="invoice-total-amount">
          <Ltr>{formatAmount(record.totalAmount, record.currency)}</Ltr>
        </Item>
      </Group>
      <Divider />
      <Group title={translate('invoice.groups.buyer')}>
        <Item label={field('buyerName')}>
          <bdi dir="auto">{orDash(record.buyerName)}</bdi>
        </Item>
        <Item label={field('buyerPhone')}>
          <Ltr>{orDash(record.buyerPhone)}</Ltr>
        </Item>
        <Item label={field('buyerEmail')}>
          <Ltr>{orDash(record.buyerEmail)}</Ltr>
        </Item>
        <Item label={field('buyerAddress')}>
          <bdi dir="auto">{orDash(record.buyerAddress)}</bdi>
        </Item>
      </Group>
      <Divider />
      <Group title={translate('invoice.groups.seller')}>
        <Item label={field('companyName')}>
          <bdi dir="auto">{orDash(record.sellerName)}</bdi>
        </Item>
        <Item label={field('companyNameAr')}>
          <bdi dir="rtl">{orDash(record.sellerNameAr)}</bdi>
        </Item>
        <Item label={field('companyAddress')}>
          <bdi dir="auto">{orDash(record.sellerAddress)}</bdi>
        </Item>
        <Item label={field('companyCity')}>
          <bdi dir="auto">{orDash(record.sellerCity)}</bdi>
        </Item>
        <Item label={field('companyCountry')}>
          <bdi dir="auto">{orDash(record.sellerCountry)}</bdi>
        </Item>
        <Item label={field('sellerVatNumber')}>
          <Ltr>{orDash(record.sellerVatNumber)}</Ltr>
        </Item>
        <Item label={field('sellerCommercialRegistrationNumber')}>
          <Ltr>{orDash(record.sellerCommercialRegistrationNumber)}</Ltr>
        </Item>
      </Group>
    </>
  );
};

/** The details action of a row: an icon that opens the invoice's details in a dialog. */
export const InvoiceDetailsButton = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const titleId = useId();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const number = invoiceLabel(record);
  return (
    <>
      <Tooltip title={translate('invoice.details')}>
        <IconButton size="small" color="primary" onClick={() => setOpen(true)} aria-label={translate('invoice.detailsLabel', { number })} data-testid="invoice-details-button">
          <InfoIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen} data-testid="invoice-details">
        <DialogTitle id={titleId} sx={{ paddingInlineEnd: 6 }}>
          {translateWith('invoice.detailsTitle', { number: <Name>{number}</Name> })}
        </DialogTitle>
        <IconButton aria-label={translate('common.close')} title={translate('common.close')} onClick={() => setOpen(false)} sx={{ position: 'absolute', top: 8, insetInlineEnd: 8 }}>
          <CloseIcon />
        </IconButton>
        <DialogContent dividers>
          <InvoiceDetails record={record} />
        </DialogContent>
        <DialogActions sx={{ paddingInline: 3, paddingBlock: 1.5 }}>
          <Button onClick={() => setOpen(false)}>{translate('common.close')}</Button>
          <DownloadInvoiceButton record={record} variant="button" />
        </DialogActions>
      </Dialog>
    </>
  );
};
