import type { InvoiceData } from './invoiceData';
import { zatcaTlvBase64 } from './zatca';

const MODELS = [['TOYOTA', 'Land Cruiser'], ['LEXUS', 'LX 600'], ['NISSAN', 'Patrol'], ['HYUNDAI', 'Tucson']] as const;
const COLOURS = ['White', 'أبيض', 'Black', 'فضي'];

/**
 * A typical invoice (10 containers of 4 cars, Arabic and English text, a ZATCA QR code) for warming
 * a PDF worker up. `n` varies the VINs, as real invoices do.
 */
export function sampleInvoice(n: number): InvoiceData {
  const serial = (container: number, car: number) => String(n * 100 + container * 10 + car).padStart(6, '0');
  return {
    invoiceNumber: `INV-0000-${String(n).padStart(6, '0')}`,
    issuedDate: '2026-01-01',
    issuedAt: '2026-01-01T00:00:00.000Z',
    paymentMethod: 'wireTransfer',
    currency: 'SAR',
    seller: {
      name: 'Gulf Motors Trading Co.',
      nameAr: 'شركة الخليج للسيارات',
      address: 'مبنى 12، شارع 45، المنطقة الصناعية',
      city: 'Riyadh',
      country: 'Saudi Arabia',
      vatNumber: '300000000000003',
      commercialRegistrationNumber: '1010010000',
    },
    buyer: { name: 'محمد العتيبي', address: 'حي الروضة، جدة 23435، المملكة العربية السعودية', phone: '+966 50 123 4567', email: 'buyer@example.com' },
    containers: Array.from({ length: 10 }, (_, c) => ({
      number: `MSCU${String(n * 10 + c).padStart(7, '0')}`,
      containerSize: '40HC',
      sealNumber: `S-${c}`,
      fromPort: { name: 'Savannah, United States', nameAr: 'سافانا، الولايات المتحدة' },
      toPort: { name: 'Jeddah, Saudi Arabia', nameAr: 'جدة، السعودية' },
      vehicles: Array.from({ length: 4 }, (_, v) => ({
        vin: `JTMHV05J6040${serial(c, v).slice(-5)}`,
        make: MODELS[v][0],
        model: MODELS[v][1],
        year: 2020 + v,
        color: COLOURS[(c + v) % COLOURS.length],
      })),
    })),
    salePrice: '199,999.99',
    taxPercentage: '15',
    taxAmount: '30,000.00',
    totalAmount: '229,999.99',
    amountInWords: {
      en: 'Two hundred twenty-nine thousand nine hundred ninety-nine Saudi riyals and 99/100 only',
      ar: 'فقط مائتان وتسعة وعشرون ألفاً وتسعمائة وتسعة وتسعون ريالاً سعودياً وتسع وتسعون هللة لا غير',
    },
    taxInvoice: true,
    zatcaQr: zatcaTlvBase64({ sellerName: 'شركة الخليج للسيارات', vatNumber: '300000000000003', timestamp: '2026-01-01T00:00:00.000Z', total: '229999.99', vatAmount: '30000.00' }),
    logo: null,
  };
}
