import { useMemo } from 'react';
import { AutocompleteInput, useLocaleState, useRecordContext, type Validator } from 'react-admin';
import { countryOptions } from './countries';

type Props = { source?: string; label: string; validate?: Validator | Validator[] };

/**
 * A react-admin country input: picked by its name in the interface language, stored as its ISO code.
 * A record's value that is no code (typed before the codes) stays selectable as it is.
 */
export function CountryAutocompleteInput({ source = 'country', label, validate }: Props) {
  const [locale] = useLocaleState();
  const record = useRecordContext<Record<string, unknown>>();
  const stored = record?.[source];
  const choices = useMemo(() => {
    const all = countryOptions(locale);
    return typeof stored === 'string' && stored && !all.some((o) => o.code === stored)
      ? [{ code: stored, name: stored }, ...all]
      : all;
  }, [locale, stored]);
  return (
    <AutocompleteInput
      source={source}
      label={label}
      choices={choices}
      optionValue="code"
      optionText="name"
      validate={validate}
      fullWidth
    />
  );
}
