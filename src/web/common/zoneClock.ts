/** One formatter per zone: building an Intl.DateTimeFormat is what makes dayjs's tz() slow per call. */
const zoneClocks = new Map<string, Intl.DateTimeFormat>();

function clockOf(tz: string): Intl.DateTimeFormat {
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
  return clock;
}

/** The zone's offset from UTC in minutes at the instant `ms` (throws RangeError for an unknown zone). */
export function zoneOffset(ms: number, tz: string): number {
  const part: Record<string, number> = {};
  for (const p of clockOf(tz).formatToParts(ms)) part[p.type] = Number(p.value);
  const wall = Date.UTC(part.year ?? 0, (part.month ?? 1) - 1, part.day, part.hour, part.minute, part.second);
  return Math.round((wall - (ms - (((ms % 1000) + 1000) % 1000))) / 60_000);
}

/**
 * Makes the page's first date formatter while the signed-in start waits for its scripts and answers (main.tsx):
 * the first Intl.DateTimeFormat of a page sets up ICU's calendars and zones, 60–100 ms at bench:web's 4× CPU
 * (later ones take 1–5 ms), which a screen showing dates otherwise paid inside its first render.
 */
export function warmZoneClock() {
  const warm = () => {
    zoneOffset(Date.now(), Intl.DateTimeFormat().resolvedOptions().timeZone);
  };
  // Safari has no requestIdleCallback: a timer's turn comes after the start's scripts have run.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(warm);
  else setTimeout(warm, 0);
}
