const known = new Map<string, boolean>();

/**
 * Whether `tz` is a time zone the server can compute in (an IANA name Intl knows). Every write of a
 * time zone checks it: a stored bad one would break that user's "today" in tasks and statistics.
 * Answers are kept (imports ask for the same few names on every row), up to a bound.
 */
export function isTimeZone(tz: string): boolean {
  let ok = known.get(tz);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      ok = true;
    } catch {
      ok = false;
    }
    if (known.size < 10_000) known.set(tz, ok);
  }
  return ok;
}

/** A zone to start from when nobody said one: where most people of that language live (en: UTC). */
export function languageTimeZone(lang: string): string {
  return lang === 'ru' ? 'Europe/Moscow' : lang === 'de' ? 'Europe/Berlin' : 'UTC';
}
