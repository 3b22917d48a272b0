import { useMemo } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CountrySelect } from '../../common/CountrySelect';
import { timeZoneOptions } from './places';

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
  return (
    <CountrySelect
      value={value}
      onChange={onChange}
      label={translate('atrium.profile.fields.country')}
      name="country"
      error={error}
    />
  );
}
