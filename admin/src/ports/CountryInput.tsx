import { useMemo } from 'react';
import { AutocompleteInput, required, useLocale, useTranslate } from 'react-admin';
import { COUNTRY_CODES, countryName, isCountryCode } from '@domain/countries';

/** For matching: lower-case, without accents or Arabic vowel marks ("عمان" finds "عُمان", "cote" "Côte d’Ivoire"). */
const plain = (text: string, locale: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670]/g, '')
    .toLocaleLowerCase(locale);

/**
 * The country of a port, chosen from the ISO 3166-1 list, named and sorted in the page's language
 * (Intl.DisplayNames); typing searches the names and the codes. A country typed before codes
 * (`current`, not a code) stays a choice as it was typed, with a hint to choose one from the list.
 */
export const CountryInput = ({ current }: { current?: string | null }) => {
  const locale = useLocale();
  const translate = useTranslate();
  const typed = current && !isCountryCode(current) ? current : null;
  const choices = useMemo(() => {
    const collator = new Intl.Collator(locale);
    const countries = COUNTRY_CODES.map((code) => ({ id: code as string, name: countryName(code, locale) })).sort((a, b) => collator.compare(a.name, b.name));
    return typed ? [{ id: typed, name: typed }, ...countries] : countries;
  }, [locale, typed]);
  return (
    <AutocompleteInput
      source="country"
      resource="ports"
      choices={choices}
      validate={required()}
      // The code matches too: "AE" finds the United Arab Emirates in any language.
      matchSuggestion={(filter: string, choice: { id: string; name: string }) => {
        const wanted = plain(filter.trim(), locale);
        return plain(choice.name, locale).includes(wanted) || choice.id.toLowerCase() === wanted;
      }}
      helperText={typed ? translate('ports.countryNotCode') : false}
      fullWidth
      data-testid="country-input"
    />
  );
};
