import { countryName } from '@domain/countries';

/** A port as the lists carry it: a row of /api/ports, or the from/to columns of a container. */
export interface PortLike {
  name?: string | null;
  nameAr?: string | null;
  country?: string | null;
}

/**
 * 'name - country' (SPEC.md §2), or '-' when there is no port. Arabic pages use the Arabic name
 * when the port has one (ports are entered with both). A country code is named in the page's
 * language ('SA': Saudi Arabia, المملكة العربية السعودية); a country typed before codes, as typed.
 */
export function portLabel(port: PortLike | null | undefined, language = 'en'): string {
  const parts = portParts(port, language);
  if (!parts) return '-';
  return parts.country ? `${parts.name} - ${parts.country}` : parts.name;
}

/** The two parts of a port's label in a language, each shown isolated by PortLabel; null for no port. */
export function portParts(port: PortLike | null | undefined, language = 'en'): { name: string; country: string } | null {
  const name = (language === 'ar' && port?.nameAr?.trim()) || port?.name?.trim();
  if (!name) return null;
  return { name, country: countryName(port?.country, language) };
}

/** The port of origin and of destination of a container row (fromPortName, fromPortCountry …). */
export const containerPorts = (row: Record<string, any> | null | undefined) => ({
  from: row?.fromPortName ? { name: row.fromPortName, nameAr: row.fromPortNameAr, country: row.fromPortCountry } : null,
  to: row?.toPortName ? { name: row.toPortName, nameAr: row.toPortNameAr, country: row.toPortCountry } : null,
});
