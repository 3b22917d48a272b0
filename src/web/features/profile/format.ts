import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

const DATE = 'DD/MM/YYYY';

/** An API date (YYYY-MM-DD) as DD/MM/YYYY; '' when empty. */
export const showDate = (iso: string | null | undefined) => (iso ? dayjs(iso, 'YYYY-MM-DD').format(DATE) : '');

/** DD/MM/YYYY typed by the user as an API date; null when empty, undefined when not a real date. */
export function parseDate(text: string): string | null | undefined {
  if (!text.trim()) return null;
  const d = dayjs(text.trim(), DATE, true);
  return d.isValid() ? d.format('YYYY-MM-DD') : undefined;
}

/** A user agent shortened to "Browser N · System". */
export function shortAgent(ua: string): string {
  const browsers: ReadonlyArray<readonly [RegExp, string]> = [
    [/Edg(?:A|iOS)?\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/YaBrowser\/(\d+)/, 'Yandex'],
    [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
    [/(?:Chrome|Chromium|CriOS)\/(\d+)/, 'Chrome'],
    [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari/, 'Safari'],
  ];
  let browser: string | undefined;
  for (const [re, name] of browsers) {
    const m = ua.match(re);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  const system = (
    [
      [/iPhone|iPad|iPod/, 'iOS'],
      [/Android/, 'Android'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/CrOS/, 'ChromeOS'],
      [/Linux/, 'Linux'],
    ] as const
  ).find(([re]) => re.test(ua))?.[1];
  const parts = [browser, system].filter(Boolean);
  if (parts.length) return parts.join(' · ');
  return ua.length > 40 ? `${ua.slice(0, 40)}…` : ua;
}
