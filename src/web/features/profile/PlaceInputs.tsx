import { useMemo } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { InputHelperText, useInput, useTranslate, type Validator } from 'react-admin';
import { CountrySelect } from '../../common/CountrySelect';
import { timeZoneOptions } from './places';

type Props = { source: string; validate?: Validator[] };

/** The react-admin <Form>'s field behind a picker: its text value ('' when empty) and its error, as a helper text. */
function usePlaceInput({ source, validate }: Props) {
  const { field, fieldState } = useInput({ source, validate, format: (v: unknown) => v, parse: (v: unknown) => v });
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return {
    value: typeof field.value === 'string' ? field.value : '',
    onChange: (value: string) => {
      field.onChange(value);
    },
    error: error ? <InputHelperText error={error} /> : undefined,
  };
}

/** A time zone picked from every IANA zone the browser knows ("Europe/Berlin (GMT+01:00)"). */
export function TimeZoneInput(props: Props) {
  const translate = useTranslate();
  const { value, onChange, error } = usePlaceInput(props);
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
          name={props.source}
          label={translate('atrium.profile.fields.time_zone')}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}

/** A country picked by its name in the UI language; stored as its ISO code. */
export function CountryInput(props: Props) {
  const translate = useTranslate();
  const { value, onChange, error } = usePlaceInput(props);
  return (
    <CountrySelect
      value={value}
      onChange={onChange}
      label={translate('atrium.profile.fields.country')}
      name={props.source}
      error={error}
    />
  );
}
