import { useMemo, type ReactNode } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useLocaleState } from 'react-admin';
import { countryOptions } from './countries';

type Props = {
  value: string;
  onChange: (code: string) => void;
  label: string;
  name: string;
  error?: ReactNode;
  disableClearable?: boolean;
};

/**
 * A country picked by its name in the interface language, given back as its ISO code (a plain MUI
 * form's input; react-admin forms use CountryAutocompleteInput). A value that is no code (typed in an
 * older version) stays selectable as it is.
 */
export function CountrySelect({ value, onChange, label, name, error, disableClearable }: Props) {
  const [locale] = useLocaleState();
  const options = useMemo(() => {
    const all = countryOptions(locale);
    return value && !all.some((o) => o.code === value) ? [{ code: value, name: value }, ...all] : all;
  }, [locale, value]);
  const selected = options.find((o) => o.code === value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_, o) => {
        onChange(o?.code ?? '');
      }}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      autoHighlight
      disableClearable={disableClearable}
      renderInput={(params) => (
        <TextField {...params} name={name} label={label} error={Boolean(error)} helperText={error} />
      )}
    />
  );
}
