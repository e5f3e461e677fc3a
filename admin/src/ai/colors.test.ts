import { describe, expect, it } from 'vitest';
import en from '../i18n/en';
import ar from '../i18n/ar';
import { CAR_COLORS, colorLabel, knownColor } from './colors';
import { aiState } from './status';

/** A translate() over one catalogue, as polyglot does it (dotted keys, %{name} placeholders, `_` default). */
const translator = (messages: Record<string, any>) => (key: string, options: Record<string, unknown> = {}) => {
  const value = key.split('.').reduce<any>((node, part) => node?.[part], messages);
  if (typeof value !== 'string') return (options._ as string) ?? key;
  return value.replace(/%\{(\w+)\}/g, (_match, name) => String(options[name] ?? ''));
};

describe('colour names', () => {
  it('translates every colour the API can answer, into Arabic too', () => {
    const english = translator(en);
    const arabic = translator(ar);
    for (const color of CAR_COLORS) {
      expect(colorLabel(color, english)).toBe(color);
      expect(colorLabel(color, arabic)).toMatch(/[\u0600-\u06FF]/);
    }
    expect(colorLabel('Red', arabic)).toBe('أحمر');
    expect(colorLabel('Silver', arabic)).toBe('فضي');
  });
  it('recognises a name in any case, and leaves other text as it is', () => {
    expect(knownColor('blue')).toBe('Blue');
    expect(knownColor(' GRAY ')).toBe('Gray');
    expect(knownColor('Teal')).toBeUndefined();
    expect(knownColor(null)).toBeUndefined();
    expect(colorLabel('Pearl white', translator(ar))).toBe('Pearl white');
    expect(colorLabel(undefined, translator(en))).toBe('');
  });
  it('puts the translated colour into the toast', () => {
    expect(translator(ar)('vehicles.colorDetected', { color: colorLabel('Green', translator(ar)) })).toContain('أخضر');
    expect(translator(en)('vehicles.colorDetected', { color: 'Green' })).toBe('Color detected: Green');
  });
});

describe('AI status', () => {
  const status = (reachable: boolean, modelPresent: boolean) => ({ ollama: { host: 'h', model: 'm', reachable, modelPresent }, colorDetector: 'embedded' as const });
  it('says ready, not reachable or model missing', () => {
    expect(aiState(status(true, true))).toBe('ready');
    expect(aiState(status(false, false))).toBe('unreachable');
    expect(aiState(status(true, false))).toBe('modelMissing');
  });
});
