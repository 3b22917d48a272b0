import { inZone } from './format';

/** "24/11/2026 18:00–19:00", or both dates when the event ends on another day, in the member's zone. */
export function eventWhen(startsAt: string, endsAt: string | null, tz?: string): string {
  const s = inZone(startsAt, tz);
  if (!endsAt) return s.format('DD/MM/YYYY HH:mm');
  const e = inZone(endsAt, tz);
  return s.isSame(e, 'day')
    ? `${s.format('DD/MM/YYYY HH:mm')}–${e.format('HH:mm')}`
    : `${s.format('DD/MM/YYYY HH:mm')} – ${e.format('DD/MM/YYYY HH:mm')}`;
}

/** The zone times are shown in: the member's, else the browser's. */
export const shownZone = (tz?: string) => tz || Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Started and not ended yet. */
export function isRunning(startsAt: string, endsAt: string | null, now = Date.now()) {
  return Date.parse(startsAt) <= now && (endsAt ? Date.parse(endsAt) > now : Date.parse(startsAt) + 3600_000 > now);
}
