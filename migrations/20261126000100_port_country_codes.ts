import type { Knex } from 'knex';
import { COUNTRY_NAMES_2026_11_26 } from './20261126000100_country_names';

/**
 * Ports' countries become ISO 3166-1 alpha-2 codes (the API takes nothing else from now on).
 * A country typed before is mapped when it is a code in any case ('sa'), a common name or short
 * form of one ('KSA', 'UAE', 'USA', 'UK', 'South Korea'), or a country's English or Arabic name as
 * Intl named it when this was written ('Saudi Arabia', 'المملكة العربية السعودية'; frozen in
 * 20261126000100_country_names.ts, so a later code list or Node version maps nothing differently). Whatever cannot be mapped stays as
 * it was typed; the API reports it as not a code and the console shows it as it is.
 */

/** Common ways of writing a country that are neither its code nor Intl's English name. */
const ALIASES: Record<string, string> = {
  ksa: 'SA',
  'kingdom of saudi arabia': 'SA',
  'saudi': 'SA',
  'السعودية': 'SA',
  uae: 'AE',
  'u.a.e': 'AE',
  emirates: 'AE',
  'the emirates': 'AE',
  'الإمارات': 'AE',
  'الامارات': 'AE',
  usa: 'US',
  'u.s.a': 'US',
  'u.s': 'US',
  'united states of america': 'US',
  america: 'US',
  uk: 'GB',
  'u.k': 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  'sultanate of oman': 'OM',
  'state of qatar': 'QA',
  'state of kuwait': 'KW',
  'kingdom of bahrain': 'BH',
  'hashemite kingdom of jordan': 'JO',
  'republic of iraq': 'IQ',
  korea: 'KR',
  'republic of korea': 'KR',
  'korea, republic of': 'KR',
  'korea (south)': 'KR',
  'north korea': 'KP',
  "people's republic of china": 'CN',
  prc: 'CN',
  'federal republic of germany': 'DE',
  deutschland: 'DE',
  holland: 'NL',
  'the netherlands': 'NL',
  russia: 'RU',
  'russian federation': 'RU',
  'czech republic': 'CZ',
  turkey: 'TR',
  'türkiye': 'TR',
  'ivory coast': 'CI',
};

/** Lower-case, without dots at the end, single spaces, no leading "the " (Intl writes none). */
const normalise = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\.+$/, '');

function countryMap(): Map<string, string> {
  const map = new Map<string, string>();
  const countries = Object.entries(COUNTRY_NAMES_2026_11_26);
  for (const language of [0, 1]) for (const [code, names] of countries) map.set(normalise(names[language]), code);
  for (const [alias, code] of Object.entries(ALIASES)) map.set(normalise(alias), code);
  for (const [code] of countries) map.set(code.toLowerCase(), code);
  return map;
}

/** The code a typed country stands for, or undefined when it cannot be told. */
export function countryCodeOf(text: string, map = countryMap()): string | undefined {
  const key = normalise(text);
  return map.get(key) ?? map.get(key.replace(/^the /, ''));
}

export async function up(knex: Knex): Promise<void> {
  const map = countryMap();
  const rows: { id: number; country: string | null }[] = await knex('ports').select('id', 'country');
  for (const row of rows) {
    if (row.country == null) continue;
    const code = countryCodeOf(row.country, map);
    if (code && code !== row.country) await knex('ports').where({ id: row.id }).update({ country: code });
  }
}

/** The codes stay: they were what the typed names meant, and a code is valid text for the column. */
export async function down(): Promise<void> {}
