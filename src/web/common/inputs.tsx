import { DateTimeInput, type DateTimeInputProps } from 'react-admin';

/** An ISO instant edited as local date and time; empty stays null. */
export function InstantInput(props: DateTimeInputProps) {
  return <DateTimeInput parse={(v: string) => (v ? new Date(v).toISOString() : null)} {...props} />;
}

/** The IANA zones the browser knows, for event time zones. */
export const timeZoneChoices = (() => {
  const zones =
    typeof Intl.supportedValuesOf === 'function'
      ? Intl.supportedValuesOf('timeZone')
      : ['Europe/Berlin', 'Europe/Moscow', 'UTC'];
  return zones.map((z) => ({ id: z, name: z.replace(/_/g, ' ') }));
})();
