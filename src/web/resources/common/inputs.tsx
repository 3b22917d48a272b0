import { DateTimeInput, type DateTimeInputProps } from 'react-admin';

/** "12.50" style prices: digits with up to two decimals. */
export const moneyPattern = /^\d{1,7}(\.\d{1,2})?$/;

/** An ISO instant edited as local date and time; empty stays null. */
export function InstantInput(props: DateTimeInputProps) {
  return <DateTimeInput parse={(v: string) => (v ? new Date(v).toISOString() : null)} {...props} />;
}

/** The IANA zones the browser knows, for event time zones. */
export const timeZoneChoices = (() => {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['Europe/Berlin', 'Europe/Moscow', 'UTC'];
  return zones.map((z) => ({ id: z, name: z.replace(/_/g, ' ') }));
})();
