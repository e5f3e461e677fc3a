import type { Knex } from 'knex';
import type { InvoiceContainer, InvoicePort } from '../../services/invoices/invoiceData';

const port = (name: string | null, nameAr: string | null, country: string | null): InvoicePort | null =>
  name ? { name: country ? `${name}, ${country}` : name, nameAr: nameAr || name } : null;

/** The containers of an invoice with their ports (English and Arabic names) and vehicles, as the PDF lists them. */
export async function invoiceContainers(db: Knex, ids: number[]): Promise<InvoiceContainer[]> {
  const containers = await db('containers as c')
    .leftJoin('ports as f', 'f.id', 'c.fromPortId')
    .leftJoin('ports as t', 't.id', 'c.toPortId')
    .whereIn('c.id', ids)
    .orderBy('c.number')
    .select(
      'c.id', 'c.number', 'c.containerSize', 'c.sealNumber',
      'f.name as fromName', 'f.nameAr as fromNameAr', 'f.country as fromCountry',
      't.name as toName', 't.nameAr as toNameAr', 't.country as toCountry',
    );
  const vehicles = await db('vehicles').whereIn('containerId', ids).orderBy('vin').select('containerId', 'vin', 'make', 'model', 'year', 'vehicleInfo');
  return containers.map((c) => ({
    number: c.number,
    containerSize: c.containerSize,
    sealNumber: c.sealNumber,
    fromPort: port(c.fromName, c.fromNameAr, c.fromCountry),
    toPort: port(c.toName, c.toNameAr, c.toCountry),
    vehicles: vehicles
      .filter((v) => v.containerId === c.id)
      .map((v) => {
        const info = typeof v.vehicleInfo === 'string' ? JSON.parse(v.vehicleInfo) : (v.vehicleInfo ?? {});
        return { vin: v.vin, make: v.make, model: v.model, year: v.year, color: info?.color ?? null };
      }),
  }));
}
