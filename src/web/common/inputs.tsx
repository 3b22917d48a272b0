import { useMemo, useState, type ReactNode } from 'react';
import {
  FieldTitle,
  InputHelperText,
  useInput,
  useLocaleState,
  useTranslate,
  type InputProps,
  type Validator,
} from 'react-admin';
import { Checkbox, FormControlLabel, type SxProps, type Theme } from '@mui/material';
import dayjs, { type Dayjs } from 'dayjs';
import { fmtTimeZone, useTimeZone } from './format';
import { DatePicker, DateTimePicker, PICKER_FORMAT } from './pickers';

type PickerInputProps = Omit<InputProps, 'format' | 'parse'> & {
  helperText?: ReactNode;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  /** Read by react-admin's filter form (shown without the "add filter" menu), not by the input. */
  alwaysOn?: boolean;
  /** Only the past can be picked (a payment that was made). */
  disableFuture?: boolean;
};

/**
 * A react-admin input over an MUI X picker (a plain text input underneath, DD/MM/YYYY HH:mm typed or
 * pasted whole, the calendar and clock behind its button). The form holds `toRaw` of the picked value (null when
 * empty or not a whole date yet); what the member typed is kept while it is incomplete, so a half-typed
 * date is not wiped by the form's answer.
 */
function usePickerInput(props: PickerInputProps, toRaw: (d: Dayjs) => string, fromRaw: (raw: string) => Dayjs) {
  const { label, helperText, fullWidth, sx, disableFuture, ...rest } = props;
  const { field, fieldState, isRequired, id } = useInput({
    ...rest,
    format: (v: unknown) => v,
    parse: (v: unknown) => v,
  });
  const [typed, setTyped] = useState<{ raw: string | null; date: Dayjs | null } | null>(null);
  const raw = typeof field.value === 'string' && field.value ? field.value : null;
  const value = typed && typed.raw === raw ? typed.date : raw ? fromRaw(raw) : null;
  const onChange = (date: Dayjs | null) => {
    const next = date?.isValid() ? toRaw(date) : null;
    setTyped({ raw: next, date });
    field.onChange(next);
  };
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  const picker = {
    value,
    onChange,
    inputRef: field.ref,
    disabled: rest.disabled,
    readOnly: rest.readOnly,
    disableFuture,
    label: <FieldTitle label={label} source={rest.source} resource={rest.resource} isRequired={isRequired} />,
    sx,
    slotProps: {
      textField: {
        id,
        name: field.name,
        onBlur: field.onBlur,
        fullWidth,
        error: !!error,
        helperText:
          helperText !== false || error ? <InputHelperText error={error} helperText={helperText} /> : undefined,
      },
    },
  };
  return picker;
}

/**
 * A date and time (an ISO instant) picked in the member's profile zone, or in `timeZone` when given (an
 * event's own): DD/MM/YYYY HH:mm, 24-hour, the interface language's picker texts. Empty is null.
 */
export function InstantInput({ timeZone, ...props }: PickerInputProps & { timeZone?: string }) {
  const profileZone = useTimeZone();
  const tz = timeZone ?? profileZone ?? 'default';
  const picker = usePickerInput(
    props,
    (d) => d.toISOString(),
    (raw) => (tz === 'default' ? dayjs(raw) : dayjs(raw).tz(tz)),
  );
  return (
    <DateTimePicker
      {...picker}
      // Remounted when the zone changes: MUI X makes the date a typed value is built on once, at mount,
      // so an empty field typed after a new zone was picked took the old zone's clock (19:00 "New York"
      // stored as 19:00 Berlin; #40 finding 10).
      key={tz}
      timezone={tz}
      ampm={false}
      format={PICKER_FORMAT.dateTime}
      enableAccessibleFieldDOMStructure={false}
    />
  );
}

/** A calendar date (YYYY-MM-DD in the form), picked as DD/MM/YYYY. Empty is null. */
export function DateInput(props: PickerInputProps) {
  const picker = usePickerInput(
    props,
    (d) => d.format('YYYY-MM-DD'),
    (raw) => dayjs(raw),
  );
  return <DatePicker {...picker} format={PICKER_FORMAT.date} enableAccessibleFieldDOMStructure={false} />;
}

/** The IANA zones the browser knows. */
const timeZoneIds = (() => {
  const zones =
    typeof Intl.supportedValuesOf === 'function'
      ? Intl.supportedValuesOf('timeZone')
      : ['Europe/Berlin', 'Europe/Moscow', 'UTC'];
  // Chromium's list leaves out UTC, a zone events are given too.
  return zones.includes('UTC') ? zones : [...zones, 'UTC'];
})();

type ZoneChoice = { id: string; name: string };

/** Found by its name, its id, or its id with spaces for the underscores ("New York"). */
const matchTimeZone = (filter: string, choice: ZoneChoice) => {
  const wanted = filter.trim().toLowerCase().replace(/_/g, ' ');
  return `${choice.name} ${choice.id}`.toLowerCase().replace(/_/g, ' ').includes(wanted);
};

/**
 * The zones as a picker's choices, each named as the profile and the person page name it, in the
 * interface language ("Eastern Time (America/New_York)"), not as a bare id beside those pages.
 */
export function useTimeZoneChoices() {
  const [locale] = useLocaleState();
  return useMemo(
    () => ({
      choices: timeZoneIds.map((id) => ({ id, name: fmtTimeZone(id, locale) })),
      matchSuggestion: matchTimeZone,
    }),
    [locale],
  );
}

/** A checkbox bound to a react-admin form's boolean field (react-admin's BooleanInput is a switch). */
export function CheckboxInput({ source, label, validate }: { source: string; label: string; validate?: Validator[] }) {
  const translate = useTranslate();
  const { field } = useInput({ source, validate, defaultValue: false });
  return (
    <FormControlLabel
      control={
        <Checkbox
          name={field.name}
          checked={Boolean(field.value)}
          onChange={(e) => {
            field.onChange(e.target.checked);
          }}
          onBlur={field.onBlur}
        />
      }
      label={translate(label)}
    />
  );
}
