/**
 * A vehicle make in the one spelling it is stored and shown in (docs/decisions.md, "One spelling
 * of a make"). vPIC and the offline tables spell makes in capitals ("TOYOTA"), people type them in
 * any case ("Toyota", "toyota"): every path that saves a make (create, update, import, the VIN
 * decoder and the makes list) passes it through `canonicalMake`, so one car maker is one value
 * in lists, sorts, invoices and print sheets.
 *
 * The spelling is the maker's own: title case ("Toyota", "Land Rover", "Mercedes-Benz"), except
 * the makes written otherwise, listed below by their capitals. The function is idempotent, so a
 * stored make passed through it again stays as it is.
 *
 * Pure data and functions: no I/O, no imports.
 */

/** Makes not written in title case, by their upper-case form (vPIC's). */
const SPELLINGS: Readonly<Record<string, string>> = Object.freeze({
  AC: 'AC',
  AMC: 'AMC',
  'AM GENERAL': 'AM General',
  ATK: 'ATK',
  BAIC: 'BAIC',
  BMW: 'BMW',
  BSA: 'BSA',
  BYD: 'BYD',
  CFMOTO: 'CFMoto',
  DAF: 'DAF',
  DELOREAN: 'DeLorean',
  DESOTO: 'DeSoto',
  DETOMASO: 'De Tomaso',
  'DE TOMASO': 'De Tomaso',
  'E-TON': 'E-Ton',
  FAW: 'FAW',
  GAC: 'GAC',
  GASGAS: 'GasGas',
  GMC: 'GMC',
  'IC BUS': 'IC Bus',
  JAC: 'JAC',
  JMC: 'JMC',
  KTM: 'KTM',
  KYMCO: 'KYMCO',
  LIVEWIRE: 'LiveWire',
  MAN: 'MAN',
  MCLAREN: 'McLaren',
  MG: 'MG',
  MINI: 'MINI',
  'MV AGUSTA': 'MV Agusta',
  NIO: 'NIO',
  'PJ TRAILERS': 'PJ Trailers',
  RAM: 'RAM',
  'ROLLS ROYCE': 'Rolls-Royce',
  SRT: 'SRT',
  SSANGYONG: 'SsangYong',
  TM: 'TM',
  TVR: 'TVR',
  UD: 'UD',
  VPG: 'VPG',
  XPENG: 'XPeng',
});

/** Words kept in capitals inside any make ("Autocar LLC.", "Pierce Mfg. Inc." stays title case). */
const CAPITAL_WORDS = new Set(['LLC', 'LLC.', 'USA', 'UK', 'RV', 'EV', 'II', 'III']);

/** One word (or hyphen-joined part) in title case: first letter up, the rest down. */
const titleWord = (word: string) => (CAPITAL_WORDS.has(word) ? word : word.charAt(0) + word.slice(1).toLowerCase());

/**
 * The stored spelling of a make: trimmed, inner spaces made one, then a listed spelling or title
 * case. Null, or text that is only spaces, is null.
 */
export function canonicalMake(make: string | null | undefined): string | null {
  if (make === null || make === undefined) return null;
  const spaced = make.trim().replace(/\s+/g, ' ');
  if (!spaced) return null;
  const upper = spaced.toUpperCase();
  const listed = SPELLINGS[upper];
  if (listed) return listed;
  return upper
    .split(' ')
    .map((word) => word.split('-').map(titleWord).join('-'))
    .join(' ');
}
