/**
 * The ZATCA (Saudi e-invoicing, phase 1) QR payload: a TLV of five fields, each tag and length one
 * byte, the length counted in UTF-8 bytes (Arabic seller names take two bytes a letter), base64.
 */
export type ZatcaFields = {
  sellerName: string;
  vatNumber: string;
  timestamp: string; // ISO 8601
  total: string; // with VAT, 2 decimals
  vatAmount: string; // 2 decimals
};

export function zatcaTlvBase64(fields: ZatcaFields): string {
  const values = [fields.sellerName, fields.vatNumber, fields.timestamp, fields.total, fields.vatAmount];
  const parts = values.map((value, i) => {
    const bytes = Buffer.from(value, 'utf8');
    if (bytes.length > 255) throw new Error(`ZATCA field ${i + 1} is longer than 255 bytes`);
    return Buffer.concat([Buffer.from([i + 1, bytes.length]), bytes]);
  });
  return Buffer.concat(parts).toString('base64');
}

export function decodeZatcaTlv(base64: string): string[] {
  const bytes = Buffer.from(base64, 'base64');
  const values: string[] = [];
  for (let i = 0; i < bytes.length; ) {
    const length = bytes[i + 1];
    values.push(bytes.subarray(i + 2, i + 2 + length).toString('utf8'));
    i += 2 + length;
  }
  return values;
}
