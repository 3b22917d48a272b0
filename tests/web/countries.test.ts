import { describe, expect, it, vi } from 'vitest';
import {
  browserRegion,
  COUNTRY_CODES,
  countryName,
  countryOptions,
  visitorRegion,
  zoneCountry,
} from '../../src/web/common/countries';
import { phoneExample } from '../../src/web/common/phone';

describe('countries on the web: ISO codes shown in the interface language', () => {
  it('names a code in ru, en and de', () => {
    expect(countryName('RU', 'ru')).toBe('Россия');
    expect(countryName('RU', 'en')).toBe('Russia');
    expect(countryName('RU', 'de')).toBe('Russland');
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName('GB', 'en')).toBe('United Kingdom');
    expect(countryName('BY', 'ru')).toBe('Беларусь');
  });

  it('shows nothing for no country and an old free-text value as it is', () => {
    expect(countryName('', 'en')).toBe('');
    expect(countryName(null, 'en')).toBe('');
    expect(countryName('Narnia', 'en')).toBe('Narnia');
  });

  it('offers every code once, sorted by its name in the locale', () => {
    for (const locale of ['ru', 'en', 'de']) {
      const options = countryOptions(locale);
      expect(options.map((o) => o.code).sort()).toEqual([...COUNTRY_CODES].sort());
      const names = options.map((o) => o.name);
      expect(names).toEqual([...names].sort(new Intl.Collator(locale).compare));
      expect(options.every((o) => o.name && o.name !== o.code)).toBe(true);
    }
    expect(countryOptions('de').find((o) => o.code === 'AT')).toEqual({ code: 'AT', name: 'Österreich' });
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
  });
});

describe("browserRegion: the browser's language read as a region for phones", () => {
  it('takes the region of the language tag, or its likely one', () => {
    expect(browserRegion('en-US')).toBe('US');
    expect(browserRegion('de-AT')).toBe('AT');
    expect(browserRegion('ru')).toBe('RU');
    expect(browserRegion('de')).toBe('DE');
    expect(browserRegion('en')).toBe('US');
  });

  it('gives nothing for no language, a broken tag or a region that is no country', () => {
    expect(browserRegion('')).toBeUndefined();
    expect(browserRegion('not a tag!')).toBeUndefined();
    expect(browserRegion('es-419')).toBeUndefined();
  });

  it('reads navigator.language when given nothing', () => {
    vi.stubGlobal('navigator', { language: 'fr-CA' });
    try {
      expect(browserRegion()).toBe('CA');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("visitorRegion: where a visitor is, for the register page's phone example (#40 finding 17)", () => {
  it("takes the time zone's country first, whatever the browser's language", () => {
    expect(zoneCountry('America/New_York')).toBe('US');
    expect(zoneCountry('Europe/Berlin')).toBe('DE');
    expect(visitorRegion('en-US', 'America/New_York')).toBe('US');
    expect(visitorRegion('de-DE', 'America/Chicago')).toBe('US');
    expect(visitorRegion('en-US', 'Europe/Berlin')).toBe('DE');
    expect(visitorRegion('en', 'Europe/London')).toBe('GB');
  });

  it("falls back on the language's region where the zone is no country's", () => {
    expect(zoneCountry('UTC')).toBeUndefined();
    expect(visitorRegion('en-US', 'UTC')).toBe('US');
    expect(visitorRegion('de', 'Etc/GMT+5')).toBe('DE');
    expect(visitorRegion('', 'UTC')).toBeUndefined();
  });

  it("gives that country's mobile number as the example, grouped", () => {
    expect(phoneExample('US')).toBe('+1 201 555 0123');
    expect(phoneExample('DE')).toBe('+49 1512 3456789');
    expect(phoneExample('XX')).toBe('');
  });
});
