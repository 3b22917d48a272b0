import { describe, expect, it } from 'vitest';
import { fmtTimeZone } from '../../src/web/common/format';

describe('a time zone shown to a person: its name in their language, the id after it', () => {
  it('names the zone in en, de and ru', () => {
    expect(fmtTimeZone('Asia/Tokyo', 'en')).toBe('Japan Standard Time (Asia/Tokyo)');
    expect(fmtTimeZone('Asia/Tokyo', 'de')).toBe('Japanische Normalzeit (Asia/Tokyo)');
    expect(fmtTimeZone('Asia/Tokyo', 'ru')).toBe('Япония, стандартное время (Asia/Tokyo)');
  });
  it('shows an unknown id as it is and nothing for none', () => {
    expect(fmtTimeZone('Mars/Olympus', 'en')).toBe('Mars/Olympus');
    expect(fmtTimeZone(null, 'de')).toBe('');
  });
});
