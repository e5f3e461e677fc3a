import type { Knex } from 'knex';
import type { InvoiceContainer, InvoicePort } from '../../services/invoices/invoiceData';
import { countryName, isCountryCode } from '../../domain/countries';
import { knownColor, vehicleValueLabel } from '../../domain/vehicleValues';
import { Container } from '../containers/model';
import { Vehicle } from '../vehicles/model';

/**
 * A port as the invoice prints it: "Jeddah, Saudi Arabia" in English and, when the country is a
 * code, "جدة، المملكة العربية السعودية" in Arabic. A country typed before codes is printed as it
 * was typed on the English line only (it may be in any language).
 */
const port = (name: string | null, nameAr: string | null, country: string | null): InvoicePort | null => {
  if (!name) return null;
  const english = countryName(country, 'en');
  const arabic = isCountryCode(country) ? countryName(country, 'ar') : '';
  return { name: english ? `${name}, ${english}` : name, nameAr: arabic ? `${nameAr || name}، ${arabic}` : nameAr || name };
};

/**
 * A vehicle's colour on the bilingual invoice: a known colour by its English name with the Arabic
 * one under it (the names the console shows, domain/vehicleValues.ts), any other as it was typed.
 */
function invoiceColor(color: string | undefined): { color: string | null; colorAr: string | null } {
  if (!color) return { color: null, colorAr: null };
  if (!knownColor(color)) return { color, colorAr: null };
  return { color: vehicleValueLabel('color', color, 'en'), colorAr: vehicleValueLabel('color', color, 'ar') };
}

type ContainerRow = Container & Record<'fromName' | 'fromNameAr' | 'fromCountry' | 'toName' | 'toNameAr' | 'toCountry', string | null>;

/** The containers of an invoice with their ports (English and Arabic names) and vehicles, as the PDF lists them. */
export async function invoiceContainers(db: Knex, ids: number[]): Promise<InvoiceContainer[]> {
  const [containers, vehicles] = await Promise.all([
    Container.query(db)
      .leftJoinRelated('[fromPort, toPort]')
      .whereIn('containers.id', ids)
      .orderBy('containers.number')
      .select(
        'containers.id', 'containers.number', 'containers.containerSize', 'containers.sealNumber',
        'fromPort.name as fromName', 'fromPort.nameAr as fromNameAr', 'fromPort.country as fromCountry',
        'toPort.name as toName', 'toPort.nameAr as toNameAr', 'toPort.country as toCountry',
      ) as unknown as Promise<ContainerRow[]>,
    Vehicle.query(db).whereIn('containerId', ids).orderBy('vin').select('containerId', 'vin', 'make', 'model', 'year', 'vehicleInfo'),
  ]);
  return containers.map((c) => ({
    number: c.number,
    containerSize: c.containerSize,
    sealNumber: c.sealNumber,
    fromPort: port(c.fromName, c.fromNameAr, c.fromCountry),
    toPort: port(c.toName, c.toNameAr, c.toCountry),
    vehicles: vehicles
      .filter((v) => v.containerId === c.id)
      .map((v) => ({ vin: v.vin, make: v.make, model: v.model, year: v.year, ...invoiceColor(v.vehicleInfo?.color) })),
  }));
}
