import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { ERROR_CODES } from '@domain/errorCodes';
import { ROLES } from '@domain/roles';
import en from './en';
import ar from './ar';

type Tree = { [key: string]: string | Tree };

/** Every leaf key of a catalogue, dotted ("ra.action.add"), with its value. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const enLeaves = leaves(en as unknown as Tree);
const arLeaves = leaves(ar as unknown as Tree);

/** Keys of `a` that `b` lacks. */
const missingIn = (a: Map<string, string>, b: Map<string, string>) => [...a.keys()].filter((key) => !b.has(key));

describe('message catalogues', () => {
  it('have exactly the same keys in English and Arabic', () => {
    expect(missingIn(enLeaves, arLeaves), 'keys missing from ar.ts').toEqual([]);
    expect(missingIn(arLeaves, enLeaves), 'keys in ar.ts that en.ts lacks').toEqual([]);
  });

  it('notice a missing Arabic key (the comparison itself is not vacuous)', () => {
    const broken = leaves({ ...(ar as unknown as Tree), nav: { dashboard: 'لوحة التحكم' } });
    expect(missingIn(enLeaves, broken)).toContain('nav.vehicles');
  });

  it('translate every react-admin message into Arabic', () => {
    const raKeys = [...leaves(englishMessages as unknown as Tree).keys()];
    expect(raKeys.length).toBeGreaterThan(150);
    const untranslated = raKeys.filter((key) => !arLeaves.has(key));
    expect(untranslated).toEqual([]);
    // A translation, not a copy: only texts with no words (placeholders, a space) may be equal.
    const copied = raKeys.filter((key) => arLeaves.get(key) === enLeaves.get(key) && /[A-Za-z]{3,}/.test(enLeaves.get(key)!.replace(/%\{\w+\}/g, '')));
    expect(copied).toEqual([]);
  });

  it('has no empty Arabic text, and Arabic script in every Arabic sentence', () => {
    const empty = [...arLeaves].filter(([, value]) => value.trim() === '' && enLeaves.get(value) !== value).map(([key]) => key);
    // ra.boolean.null is a single space in English too, on purpose.
    expect(empty.filter((key) => enLeaves.get(key)?.trim() !== '')).toEqual([]);
    const latinOnly = [...arLeaves]
      .filter(([key, value]) => /[A-Za-z]{4,}/.test(value.replace(/%\{\w+\}/g, '')) && !/[\u0600-\u06FF]/.test(value))
      .map(([key]) => key)
      // The language switch and the account menu name English in English, on purpose.
      .filter((key) => key !== 'language.switchTo' && key !== 'language.names.en');
    expect(latinOnly).toEqual([]);
  });

  it('keeps the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...new Set(text.match(/%\{\w+\}/g) ?? [])].sort();
    const differing = [...enLeaves.keys()].filter((key) => {
      const enSet = placeholders(enLeaves.get(key)!);
      const arSet = placeholders(arLeaves.get(key) ?? '');
      // Arabic may drop smart_count in a form that spells the number out ("two items").
      return enSet.filter((p) => p !== '%{smart_count}').join() !== arSet.filter((p) => p !== '%{smart_count}').join();
    });
    expect(differing).toEqual([]);
  });

  it('gives every Arabic plural its six forms (0, 1, 2, 3–10, 11–99, 100+)', () => {
    const plurals = [...enLeaves].filter(([, value]) => value.includes('||||')).map(([key]) => key);
    expect(plurals.length).toBeGreaterThan(5);
    const wrong = plurals.filter((key) => arLeaves.get(key)!.split('||||').length !== 6);
    expect(wrong).toEqual([]);
  });

  it('has the message keys the spec names', () => {
    const named = [
      'nav.dashboard', 'nav.companies', 'nav.users', 'nav.vehicles', 'nav.containers', 'nav.ports', 'nav.documents', 'nav.invoices',
      'msg.error', 'msg.vehicleAdded', 'msg.containerAdded', 'msg.containerUpdated',
      'invoice.generate', 'invoice.generationError',
      'vehicles.colorDetected', 'vehicles.colorDetectionFailed', 'vehicles.downloadStarted', 'vehicles.downloadAllImagesSuccess', 'vehicles.downloadFailed',
      'documents.uploadError',
    ];
    expect(named.filter((key) => !enLeaves.has(key))).toEqual([]);
    expect(enLeaves.get('invoice.generationError')).toBe('Failed to generate invoice');
    expect(enLeaves.get('documents.uploadError')).toBe('Failed to upload document');
    expect(enLeaves.get('page.notFoundTitle')).toBe('404 Page Not Found');
    expect(enLeaves.get('page.notFoundText')).toBe('Did you forget to add the page to the router?');
    expect(enLeaves.get('page.unauthorized')).toBe('You are not authorized to access this page');
    expect(enLeaves.get('companies.deleteConfirm')).toBe(
      'This will permanently delete the company and all associated data. This action cannot be undone.',
    );
    expect(enLeaves.get('companies.deleteFailed')).toBe('Could not delete company. Please try again.');
  });

  it('translates every error code of the API and every role', () => {
    expect(ERROR_CODES.filter((code) => !enLeaves.has(`errors.${code}`))).toEqual([]);
    expect(ROLES.filter((role) => !enLeaves.has(`roles.${role}`))).toEqual([]);
  });
});
