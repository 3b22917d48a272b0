import { describe, expect, it } from 'vitest';
import { fmtMoney } from '../../src/web/common/format';

// Intl writes no-break spaces (U+00A0, and U+202F between thousands in Russian): compare with plain ones.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('money on the web: USD written the way the interface language writes it', () => {
  it('puts the sign and the decimal mark where each language does', () => {
    expect(fmtMoney('5.00', 'en')).toBe('$5.00');
    expect(plain(fmtMoney('5.00', 'de'))).toBe('5,00 $');
    expect(plain(fmtMoney('5.00', 'ru'))).toBe('5,00 $');
  });
  it('groups thousands and always shows cents', () => {
    expect(fmtMoney('1234.5', 'en')).toBe('$1,234.50');
    expect(plain(fmtMoney('1234.5', 'de'))).toBe('1.234,50 $');
    expect(plain(fmtMoney('1234.5', 'ru'))).toBe('1 234,50 $');
    expect(fmtMoney('0', 'en')).toBe('$0.00');
  });
  it('shows what is not an amount as it is', () => {
    expect(fmtMoney('', 'de')).toBe('');
    expect(fmtMoney('n/a', 'ru')).toBe('n/a');
  });
});
