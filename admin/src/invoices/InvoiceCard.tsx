import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { useLocale } from 'react-admin';
import { ListCard, type CardFact } from '../common/ListCard';
import { Ltr } from '../common/Fields';
import { invoiceLabel } from './DownloadInvoiceButton';
import { formatInvoiceDate } from './invoiceDate';
import { formatAmount } from './money';

/** An invoice on a phone: its number, its total beside it, the full date, containers and buyer, and the row's actions. */
export const InvoiceCard = ({ record, showsCompany, actions }: { record: Record<string, any>; showsCompany: boolean; actions: ReactNode }) => {
  const locale = useLocale();
  const facts: CardFact[] = [
    { name: 'issuedDate', label: 'invoice.fields.issuedDate', value: formatInvoiceDate(record.issuedDate, locale) || '—' },
    { name: 'containerNumber', label: 'invoice.fields.containerNumber', value: record.containerNumber ? <Ltr>{record.containerNumber}</Ltr> : '—' },
    { name: 'buyer', label: 'invoice.fields.buyer', value: <bdi dir="auto">{record.buyerName}</bdi> },
    ...(showsCompany ? [{ name: 'company', label: 'invoice.fields.company', value: <bdi dir="auto">{record.companyName ?? '—'}</bdi> }] : []),
  ];
  return (
    <ListCard
      title={
        <Box component="span" sx={{ fontFamily: 'monospace' }}>
          <Ltr>{invoiceLabel(record)}</Ltr>
        </Box>
      }
      badge={
        <Box component="span" data-testid="card-total" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          <Ltr>{formatAmount(record.totalAmount, record.currency)}</Ltr>
        </Box>
      }
      facts={facts}
      actions={actions}
    />
  );
};
