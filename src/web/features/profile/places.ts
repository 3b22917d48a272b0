/** Every IANA time zone the browser knows, with its current UTC offset for the label. */
export function timeZoneOptions(): Array<{ zone: string; offset: string }> {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  if (!zones.includes('UTC')) zones = ['UTC', ...zones];
  const now = new Date();
  return zones.map((zone) => {
    let offset = '';
    try {
      offset =
        new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
          .formatToParts(now)
          .find((p) => p.type === 'timeZoneName')?.value ?? '';
    } catch {
      offset = '';
    }
    return { zone, offset: offset === 'GMT' ? 'GMT+00:00' : offset };
  });
}
