import { createRequire } from 'node:module';
import { forPdf, hasArabic } from './arabic';
import { invoiceFonts } from './fonts';
import { qrCanvas } from './qr';
import type { InvoiceData } from './invoiceData';

const require = createRequire(import.meta.url);
// pdfmake 0.3's server build is CommonJS with a singleton; fonts are set once per process.
const pdfmake = require('pdfmake') as {
  virtualfs: { writeFileSync(name: string, content: Uint8Array): void };
  setFonts(fonts: object): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (file: string) => boolean): void;
  createPdf(doc: object): { getBuffer(): Promise<Buffer> };
};

// The fonts come from memory, parsed once per thread (see fonts.ts), not from disk.
const { fonts, files } = invoiceFonts;
for (const [name, content] of Object.entries(files)) pdfmake.virtualfs.writeFileSync(name, content);
pdfmake.setFonts(fonts);
// An invoice never loads anything from the network or from disk.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy(() => false);

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
  // A fresh header row for each table: pdfmake marks the nodes it lays out, and a row shared by
  // several tables came out blank in all but the first.
  const vehiclesHeader = () => [label('VIN', 'رقم الهيكل'), label('Make', 'الصانع'), label('Model', 'الطراز'), label('Year', 'السنة'), label('Colour', 'اللون')];
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
                body: [vehiclesHeader(), ...c.vehicles.map((v) => [{ text: v.vin, font: 'Roboto' }, text(v.make), text(v.model), text(v.year), text(v.color)])],
              },
              layout: 'lightHorizontalLines',
            }
          : label('No vehicles in this container', 'لا توجد مركبات في هذه الحاوية'),
      ]),
      {
        margin: [0, 16, 0, 0],
        columns: [
          data.zatcaQr ? { ...qrCanvas(data.zatcaQr, 110), width: 120 } : { text: '', width: 120 },
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
