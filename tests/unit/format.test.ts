import { describe, expect, it } from 'vitest';
import { dayAndMonth, fmtDate, fmtDateTime, inZone } from '../../src/web/common/format';

/** The one formatter of the web app: an instant in the profile's zone, DD/MM/YYYY and HH:mm (issue 26). */
describe('fmtDateTime / fmtDate', () => {
  const instant = '2026-11-24T14:05:00Z';

  it("shows an instant in the given zone, whatever the machine's", () => {
    expect(fmtDateTime(instant, 'UTC')).toBe('24/11/2026 14:05');
    expect(fmtDateTime(instant, 'Asia/Tokyo')).toBe('24/11/2026 23:05');
    expect(fmtDateTime(instant, 'America/New_York')).toBe('24/11/2026 09:05');
    expect(fmtDateTime(instant, 'Asia/Kolkata')).toBe('24/11/2026 19:35');
  });

  it('moves the date with the zone', () => {
    expect(fmtDate('2026-11-24T16:30:00Z', 'Asia/Tokyo')).toBe('25/11/2026');
    expect(fmtDate('2026-11-24T03:30:00Z', 'America/Los_Angeles')).toBe('23/11/2026');
  });

  it('is 24-hour with leading zeros, also across summer time', () => {
    expect(fmtDateTime('2026-01-05T00:07:00Z', 'UTC')).toBe('05/01/2026 00:07');
    expect(fmtDateTime('2026-07-01T12:00:00Z', 'Europe/Berlin')).toBe('01/07/2026 14:00');
    expect(fmtDateTime('2026-12-01T12:00:00Z', 'Europe/Berlin')).toBe('01/12/2026 13:00');
  });

  it("reads an offset instant as the same moment and falls back to the machine's zone for an unknown one", () => {
    expect(fmtDateTime('2026-11-24T23:05:00+09:00', 'UTC')).toBe('24/11/2026 14:05');
    expect(inZone(instant, 'Not/A_Zone').valueOf()).toBe(Date.parse(instant));
  });
});

describe('dayAndMonth', () => {
  it("gives the day in the zone and the month's short name in the language", () => {
    expect(dayAndMonth('2026-11-30T20:00:00Z', 'en', 'Asia/Tokyo')).toEqual({ day: '1', month: 'Dec' });
    expect(dayAndMonth('2026-11-30T20:00:00Z', 'de', 'UTC')).toEqual({ day: '30', month: 'Nov' });
  });
});

describe('inZone', () => {
  it("gives every instant the wall clock dayjs's tz() gives, across summer time and odd offsets", async () => {
    const { default: dayjs } = await import('dayjs');
    const zones = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC'];
    // Every 37 minutes through 2026's spring and autumn changes, and one instant before 1970.
    const starts = ['2026-03-07T00:00:00Z', '2026-03-28T00:00:00Z', '2026-10-24T00:00:00Z', '2026-11-01T00:00:00Z'];
    for (const tz of zones) {
      for (const start of starts)
        for (let i = 0; i < 120; i++) {
          const iso = new Date(Date.parse(start) + i * 37 * 60_000 + 1234).toISOString();
          const fast = inZone(iso, tz);
          expect(fast.format('YYYY-MM-DD HH:mm:ss Z'), `${iso} ${tz}`).toBe(
            dayjs(iso).tz(tz).format('YYYY-MM-DD HH:mm:ss Z'),
          );
          expect(fast.valueOf()).toBe(Date.parse(iso));
        }
      expect(inZone('1969-07-20T20:17:40.500Z', tz).format('YYYY-MM-DD HH:mm:ss')).toBe(
        dayjs('1969-07-20T20:17:40.500Z').tz(tz).format('YYYY-MM-DD HH:mm:ss'),
      );
    }
  });
});
