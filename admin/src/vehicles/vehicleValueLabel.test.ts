import { describe, expect, it } from 'vitest';
import ar from '../i18n/ar';
import en from '../i18n/en';
import { vehicleValueLabel } from './vehicleValueLabel';

/** The catalogue's message for a dotted key, or the fallback, as react-admin's translate gives it. */
const translator = (messages: unknown) => (key: string, options?: Record<string, unknown>) => {
  const found = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages);
  return typeof found === 'string' ? found : String(options?._ ?? key);
};

describe('a vehicle value as a page shows it', () => {
  it('translates colours and coded values from the catalogues, whatever their case', () => {
    const arabic = translator(ar);
    expect(vehicleValueLabel('color', 'silver', arabic)).toBe('فضي');
    expect(vehicleValueLabel('fuelTypePrimary', 'Gasoline', arabic)).toBe('بنزين');
    expect(vehicleValueLabel('transmission', 'automatic', arabic)).toBe('أوتوماتيكي');
    expect(vehicleValueLabel('bodyClass', 'Sedan/Saloon', translator(en))).toBe('Sedan');
  });

  it('shows any other value as it was typed', () => {
    const arabic = translator(ar);
    expect(vehicleValueLabel('color', 'Pearl white', arabic)).toBe('Pearl white');
    expect(vehicleValueLabel('trim', 'Gasoline', arabic)).toBe('Gasoline');
    expect(vehicleValueLabel('doors', '4', arabic)).toBe('4');
  });
});
