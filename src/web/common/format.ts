import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useGetIdentity, useLocaleState } from 'react-admin';
import type { SchemaProfile } from '../../api/schema';

dayjs.extend(utc);
dayjs.extend(timezone);

const DATE = 'DD/MM/YYYY';
const TIME = 'HH:mm';

/** The member's time zone (profile.time_zone); undefined means the browser's own. */
export function useTimeZone(): string | undefined {
  const { identity } = useGetIdentity();
  const tz = (identity?.profile as SchemaProfile | undefined)?.time_zone;
  return tz || undefined;
}

/** The browser's own IANA zone: a new account's (registration) and the default of an import's. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** One formatter per zone: building an Intl.DateTimeFormat is what makes dayjs's tz() slow per call. */
const zoneClocks = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC in minutes at the instant `ms` (throws RangeError for an unknown zone). */
function zoneOffset(ms: number, tz: string): number {
  let clock = zoneClocks.get(tz);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneClocks.set(tz, clock);
  }
  const part: Record<string, number> = {};
  for (const p of clock.formatToParts(ms)) part[p.type] = Number(p.value);
  const wall = Date.UTC(part.year ?? 0, (part.month ?? 1) - 1, part.day, part.hour, part.minute, part.second);
  return Math.round((wall - (ms - (((ms % 1000) + 1000) % 1000))) / 60_000);
}

/**
 * An ISO instant in the member's zone (the browser's when the zone is unknown or invalid): the same
 * moment at the zone's offset then, as dayjs's tz() gives it, without a new Intl formatter per date
 * (a dashboard formats dozens; tz() was about 5 % of its script time).
 */
export function inZone(iso: string, tz?: string) {
  const d = dayjs(iso);
  if (!tz) return d;
  try {
    return d.utcOffset(zoneOffset(d.valueOf(), tz));
  } catch {
    return d;
  }
}

export const fmtDate = (iso: string, tz?: string) => inZone(iso, tz).format(DATE);
export const fmtDateTime = (iso: string, tz?: string) => inZone(iso, tz).format(`${DATE} ${TIME}`);

/**
 * An amount in USD (prices and donations, "12.50") the way the interface language writes money:
 * en "$12.50", de "12,50 $", ru "12,50 $"; what is not a number is shown as it is.
 */
export function fmtMoney(amount: string, locale: string): string {
  const n = Number(amount);
  if (amount.trim() === '' || !Number.isFinite(n)) return amount;
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(n);
}

/** fmtMoney in the interface language, for components (as useTimeZone is for dates). */
export function useFmtMoney(): (amount: string) => string {
  const [locale] = useLocaleState();
  return (amount) => fmtMoney(amount, locale);
}

/**
 * A time zone as its name in the interface language with the id after it ("Japanische Normalzeit
 * (Asia/Tokyo)"); an id Intl does not know is shown as it is.
 */
export function fmtTimeZone(tz: string | null | undefined, locale: string): string {
  if (!tz) return '';
  const key = `${locale} ${tz}`;
  let shown = zoneNames.get(key);
  if (shown === undefined) {
    shown = zoneName(tz, locale);
    zoneNames.set(key, shown);
  }
  return shown;
}
// A zone's generic name does not change with the date, and building a formatter per zone is what it
// costs: the pickers name all ~420 zones (common/inputs.tsx, profile/PlaceInputs.tsx).
const zoneNames = new Map<string, string>();
function zoneName(tz: string, locale: string) {
  try {
    const name = new Intl.DateTimeFormat(locale, { timeZone: tz, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value;
    return name && name !== tz ? `${name} (${tz})` : tz;
  } catch {
    return tz;
  }
}

/** Seconds as m:ss or h:mm:ss. */
export function fmtDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A file size as "640 KB" / "1.2 MB". */
export function fmtBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

/** A short month name and the day, in the UI language ("24", "Nov"), for date badges. */
export function dayAndMonth(iso: string, locale: string, tz?: string) {
  const d = inZone(iso, tz);
  const month = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(d.year(), d.month(), 15)),
  );
  return { day: d.format('D'), month: month.replace('.', '') };
}
