import { createRequire } from 'node:module';
import path from 'node:path';
import { forPdf, hasArabic } from './arabic';
import type { InvoiceData } from './invoiceData';

const require = createRequire(import.meta.url);
// pdfmake 0.3's server build is CommonJS with a singleton; fonts are set once per process.
const pdfmake = require('pdfmake') as {
  setFonts(fonts: object): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  createPdf(doc: object): { getBuffer(): Promise<Buffer> };
};

const roboto = path.dirname(require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'));
const amiri = path.dirname(path.dirname(require.resolve('@expo-google-fonts/amiri/400Regular/Amiri_400Regular.ttf')));
pdfmake.setFonts({
  Roboto: {
    normal: path.join(roboto, 'Roboto-Regular.ttf'),
    bold: path.join(roboto, 'Roboto-Medium.ttf'),
    italics: path.join(roboto, 'Roboto-Italic.ttf'),
    bolditalics: path.join(roboto, 'Roboto-MediumItalic.ttf'),
  },
  Amiri: {
    normal: path.join(amiri, '400Regular/Amiri_400Regular.ttf'),
    bold: path.join(amiri, '700Bold/Amiri_700Bold.ttf'),
    italics: path.join(amiri, '400Regular_Italic/Amiri_400Regular_Italic.ttf'),
    bolditalics: path.join(amiri, '700Bold_Italic/Amiri_700Bold_Italic.ttf'),
  },
});
// An invoice never loads anything from the network, and from disk only its fonts.
pdfmake.setUrlAccessPolicy(() => false);
(pdfmake as unknown as { setLocalAccessPolicy(p: (file: string) => boolean): void }).setLocalAccessPolicy(
  (file) => file.startsWith(roboto) || file.startsWith(amiri),
);

/** A text cell in the right font: Arabic is shaped and ordered for display, and set right. */
const text = (value: string | number | null | undefined, style: object = {}) => {
  const s = value === null || value === undefined || value === '' ? '-' : String(value);
  return hasArabic(s) ? { text: forPdf(s), font: 'Amiri', alignment: 'right', ...style } : { text: s, ...style };
};

/** A label in both languages: English on the left, Arabic on the right of the same cell. */
const label = (en: string, ar: string, style: object = {}) => ({
  columns: [
    { text: en, style: 'label', width: '*', ...style },
    { text: forPdf(ar), font: 'Amiri', alignment: 'right', style: 'label', width: 'auto', ...style },
  ],
  columnGap: 6,
});

const PAYMENT = { cash: ['Cash', 'نقدًا'], wireTransfer: ['Wire transfer', 'حوالة مصرفية'] } as const;

function party(title: [string, string], rows: [string, string, string | null][]) {
  return {
    table: {
      widths: [120, '*'],
      body: [
        [{ ...label(...title, { bold: true }), colSpan: 2, fillColor: '#eef2f7' }, {}],
        ...rows.map(([en, ar, value]) => [label(en, ar), text(value)]),
      ],
    },
    layout: 'lightHorizontalLines',
  };
}

export function invoiceDocument(data: InvoiceData): object {
  const money = (amount: string) => `${amount} ${data.currency}`;
  const vehiclesHeader = [label('VIN', 'رقم الهيكل'), label('Make', 'الصانع'), label('Model', 'الطراز'), label('Year', 'السنة'), label('Colour', 'اللون')];
  return {
    pageSize: 'A4',
    pageMargins: [36, 40, 36, 48],
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: { label: { color: '#475569', fontSize: 8.5 }, title: { fontSize: 16, bold: true } },
    info: { title: `Invoice ${data.invoiceNumber}` },
    footer: (page: number, pages: number) => ({ text: `${data.invoiceNumber} — ${page}/${pages}`, alignment: 'center', fontSize: 8, color: '#64748b', margin: [0, 16, 0, 0] }),
    content: [
      {
        columns: [
          { text: 'TAX INVOICE', style: 'title', width: '*' },
          { text: forPdf('فاتورة ضريبية'), font: 'Amiri', style: 'title', alignment: 'right', width: 'auto' },
        ],
      },
      {
        margin: [0, 10, 0, 10],
        table: {
          widths: ['*', '*', '*'],
          body: [
            [label('Invoice number', 'رقم الفاتورة'), label('Date', 'التاريخ'), label('Payment method', 'طريقة الدفع')],
            [
              { text: data.invoiceNumber, bold: true },
              { text: data.issuedDate },
              { columns: [{ text: PAYMENT[data.paymentMethod][0] }, { text: forPdf(PAYMENT[data.paymentMethod][1]), font: 'Amiri', alignment: 'right' }] },
            ],
          ],
        },
        layout: 'noBorders',
      },
      {
        columns: [
          party(['Seller', 'البائع'], [
            ['Name', 'الاسم', data.seller.name],
            ['Address', 'العنوان', data.seller.address],
            ['City', 'المدينة', data.seller.city],
            ['Country', 'الدولة', data.seller.country],
            ['VAT number', 'الرقم الضريبي', data.seller.vatNumber],
          ]),
          party(['Buyer', 'المشتري'], [
            ['Name', 'الاسم', data.buyer.name],
            ['Address', 'العنوان', data.buyer.address],
            ['Phone', 'الهاتف', data.buyer.phone],
            ['E-mail', 'البريد الإلكتروني', data.buyer.email],
          ]),
        ],
        columnGap: 12,
      },
      ...data.containers.flatMap((c) => [
        {
          margin: [0, 14, 0, 4],
          table: {
            widths: ['*', '*', '*', '*'],
            body: [
              [label('Container', 'الحاوية'), label('Size', 'الحجم'), label('Seal', 'رقم الختم'), label('Ports', 'الموانئ')],
              [{ text: c.number, bold: true }, text(c.containerSize), text(c.sealNumber), { stack: [text(c.fromPort), text(c.toPort)] }],
            ],
          },
          layout: 'lightHorizontalLines',
        },
        c.vehicles.length
          ? {
              table: {
                headerRows: 1,
                widths: [110, '*', '*', 40, '*'],
                body: [vehiclesHeader, ...c.vehicles.map((v) => [{ text: v.vin, font: 'Roboto' }, text(v.make), text(v.model), text(v.year), text(v.color)])],
              },
              layout: 'lightHorizontalLines',
            }
          : label('No vehicles in this container', 'لا توجد مركبات في هذه الحاوية'),
      ]),
      {
        margin: [0, 16, 0, 0],
        columns: [
          data.zatcaQr ? { qr: data.zatcaQr, fit: 110, width: 120 } : { text: '', width: 120 },
          {
            width: '*',
            table: {
              widths: ['*', 120],
              body: [
                [label('Sale price', 'سعر البيع'), { text: money(data.salePrice), alignment: 'right' }],
                [label(`VAT (${data.taxPercentage}%)`, 'ضريبة القيمة المضافة'), { text: money(data.taxAmount), alignment: 'right' }],
                [label('Total', 'الإجمالي', { bold: true, color: '#0f172a' }), { text: money(data.totalAmount), alignment: 'right', bold: true }],
              ],
            },
            layout: 'lightHorizontalLines',
          },
        ],
      },
    ],
  };
}

export async function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  return pdfmake.createPdf(invoiceDocument(data)).getBuffer();
}
