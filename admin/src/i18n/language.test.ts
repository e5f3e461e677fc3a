import { describe, expect, it } from 'vitest';
import { userLanguageToApply } from './language';

describe("the signed-in user's language", () => {
  it('wins over the language on screen', () => {
    expect(userLanguageToApply('ar', 'en')).toBe('ar');
    expect(userLanguageToApply('en', 'ar')).toBe('en');
  });

  it('changes nothing when already shown, not chosen yet, or not a language of the console', () => {
    expect(userLanguageToApply('ar', 'ar')).toBeUndefined();
    expect(userLanguageToApply(null, 'ar')).toBeUndefined();
    expect(userLanguageToApply(undefined, 'en')).toBeUndefined();
    expect(userLanguageToApply('fr', 'en')).toBeUndefined();
  });

  it('gives way to a language asked for this visit (?lang=)', () => {
    expect(userLanguageToApply('en', 'ar', true)).toBeUndefined();
    expect(userLanguageToApply('ar', 'en', false)).toBe('ar');
  });
});
