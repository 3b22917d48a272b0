import { describe, expect, it } from 'vitest';
import { formPhone, parsePhone, regionFromHeader } from '../../src/server/services/phones';
import { normalizePhone } from '../../src/server/services/users';
import { FieldErrors } from '../../src/server/errors';

describe('parsePhone: E.164 against a region', () => {
  it.each([
    ['8 (916) 123-45-67', 'RU', '+79161234567'],
    ['(202) 555-0199', 'US', '+12025550199'],
    ['06 12 34 56 78', 'FR', '+33612345678'],
    ['030 1234567', 'DE', '+49301234567'],
    ['79161234567', 'RU', '+79161234567'],
    ['+7 916 123-45-67', 'US', '+79161234567'],
  ])('%s in %s is %s, read in the region', (input, region, e164) => {
    expect(parsePhone(input, region)).toEqual({ e164, regionUsed: !input.startsWith('+') });
  });

  it.each([undefined, null, 'RU', 'US', 'FR', 'DE'])(
    'a number with its country code keeps it whatever the region (%s)',
    (region) => {
      expect(parsePhone('+44 20 7946 0958', region)).toEqual({ e164: '+442079460958', regionUsed: false });
      expect(parsePhone('0044 20 7946 0958', region)).toEqual({ e164: '+442079460958', regionUsed: false });
    },
  );

  it('reads digits that start with a country code when there is no region, as a guess', () => {
    expect(parsePhone('4930123456')).toEqual({ e164: '+4930123456', regionUsed: true });
    expect(parsePhone('79161234567', 'US')).toEqual({ e164: '+79161234567', regionUsed: true });
  });

  it.each([
    ['8 (916) 123-45-67', undefined],
    ['(202) 555-0199', undefined],
    ['06 12 34 56 78', undefined],
    ['06 12 34 56 78', 'RU'],
    ['+10000000000', 'US'],
    ['+7 916', 'RU'],
    ['call me', 'RU'],
    ['+49 30 123456 ext', 'DE'],
    ['', 'RU'],
  ])('%s (region %s) is no valid number: null, never a garbled one', (input, region) => {
    expect(parsePhone(input, region)).toBeNull();
  });

  it('normalizePhone is the E.164 of parsePhone', () => {
    expect(normalizePhone('8 (916) 123-45-67', 'RU')).toBe('+79161234567');
    expect(normalizePhone('8 (916) 123-45-67')).toBeNull();
    expect(normalizePhone('+49 (30) 555-0101')).toBe('+49305550101');
  });
});

describe('formPhone', () => {
  it("reads in the person's country first, then the form's default region", () => {
    expect(formPhone('06 12 34 56 78', 'FR', 'RU')).toBe('+33612345678');
    expect(formPhone('8 916 123 45 67', '', 'RU')).toBe('+79161234567');
    expect(formPhone('  ', 'FR', 'RU')).toBe('');
  });

  it("is a 400 'Phone is incorrect' on the field when no number", () => {
    const err = (() => {
      try {
        formPhone('12ab', 'RU', undefined, 'mobile');
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(FieldErrors);
    expect((err as FieldErrors).fields).toEqual({ mobile: [{ key: 'phone_incorrect', params: undefined }] });
  });
});

describe('regionFromHeader', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'DE'],
    ['en-US,en;q=0.9', 'US'],
    ['ru,en-GB;q=0.8', 'GB'],
    ['ru', undefined],
    ['en-XX', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, region) => {
    expect(regionFromHeader(header)).toBe(region);
  });
});
