import { useMemo } from 'react';
import { Autocomplete, Box, TextField, createFilterOptions } from '@mui/material';
import { InputHelperText, useInput, useLocaleState, useTranslate, type Validator } from 'react-admin';
import { fmtTimeZone } from '../../common/format';
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

type ZoneOption = { zone: string; offset: string; label: string };
// Found by its name, its IANA id or its offset ("GMT-05").
const filterZones = createFilterOptions<ZoneOption>({ stringify: (o) => `${o.label} ${o.offset}` });

/**
 * A time zone picked from every IANA zone the browser knows, named as the profile view names it
 * ("Eastern Time (America/New_York)"), its current offset beside it in the list.
 */
export function TimeZoneInput(props: Props) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { value, onChange, error } = usePlaceInput(props);
  const options = useMemo(() => {
    const all = timeZoneOptions();
    const zones = value && !all.some((o) => o.zone === value) ? [{ zone: value, offset: '' }, ...all] : all;
    return zones.map((o) => ({ ...o, label: fmtTimeZone(o.zone, locale) }));
  }, [value, locale]);
  const selected = options.find((o) => o.zone === value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_, o) => {
        onChange(o?.zone ?? '');
      }}
      getOptionLabel={(o) => o.label}
      filterOptions={filterZones}
      renderOption={({ key, ...optionProps }, o) => (
        <Box component="li" key={key} {...optionProps} sx={{ gap: 1, justifyContent: 'space-between' }}>
          <span>{o.label}</span>
          <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
            {o.offset}
          </Box>
        </Box>
      )}
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
