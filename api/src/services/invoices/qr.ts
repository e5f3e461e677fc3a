import QRCode from 'qrcode';

/**
 * The ZATCA QR code as SVG, drawn by the qrcode package (one path for all dark modules) and
 * placed as an image by the layout. Error correction M, as scanners of printed invoices expect.
 */
export function qrSvg(data: string): Promise<string> {
  return QRCode.toString(data, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
