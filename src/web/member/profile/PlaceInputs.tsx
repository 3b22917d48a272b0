import { useMemo } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { countryOptions, timeZoneOptions } from './places';

type Props = { value: string; onChange: (value: string) => void; error?: string };

/** A time zone picked from every IANA zone the browser knows ("Europe/Berlin (GMT+01:00)"). */
export function TimeZoneInput({ value, onChange, error }: Props) {
  const translate = useTranslate();
  const options = useMemo(() => {
    const all = timeZoneOptions();
    return value && !all.some((o) => o.zone === value) ? [{ zone: value, offset: '' }, ...all] : all;
  }, [value]);
  const selected = options.find((o) => o.zone === value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_, o) => {
        onChange(o?.zone ?? '');
      }}
      getOptionLabel={(o) => (o.offset ? `${o.zone} (${o.offset})` : o.zone)}
      isOptionEqualToValue={(a, b) => a.zone === b.zone}
      autoHighlight
      renderInput={(params) => (
        <TextField
          {...params}
          name="time_zone"
          label={translate('atrium.profile.fields.time_zone')}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}

/** A country picked by its name in the UI language; stored as its ISO code. */
export function CountryInput({ value, onChange, error }: Props) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const options = useMemo(() => {
    const all = countryOptions(locale);
    // A value that is not a code (typed in an older version) stays selectable as it is.
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
      renderInput={(params) => (
        <TextField
          {...params}
          name="country"
          label={translate('atrium.profile.fields.country')}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
