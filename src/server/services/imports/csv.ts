import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import type { ImportField } from './rows';

export type CsvFormat = { encoding: 'utf-8' | 'windows-1251'; delimiter: ',' | ';' };

/**
 * Reads the file once: UTF-8 (with or without BOM) when every byte sequence is valid UTF-8, else
 * Windows-1251; the separator is the one the header line uses most.
 */
export async function detectFormat(file: string): Promise<CsvFormat> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let encoding: CsvFormat['encoding'] = 'utf-8';
  let head: Buffer | null = null;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    if (!head) head = chunk.subarray(0, 64 * 1024);
    try {
      decoder.decode(chunk, { stream: true });
    } catch {
      encoding = 'windows-1251';
      break;
    }
  }
  if (encoding === 'utf-8') {
    try {
      decoder.decode();
    } catch {
      encoding = 'windows-1251';
    }
  }
  const text = head ? iconv.decode(head, encoding === 'utf-8' ? 'utf8' : 'win1251') : '';
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => firstLine.split(c).length - 1;
  return { encoding, delimiter: count(';') > count(',') ? ';' : ',' };
}

/**
 * The file's rows as a stream with backpressure (papaparse in Node stream mode), decoded to text.
 * Each item is `[rowNumber, cells]`, the header being row 1.
 */
export async function* csvRows(file: string, format: CsvFormat): AsyncGenerator<[number, string[]]> {
  const decode = iconv.decodeStream(format.encoding === 'utf-8' ? 'utf8' : 'win1251', { stripBOM: true });
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter: format.delimiter, skipEmptyLines: false }) as unknown as Readable;
  const source = createReadStream(file, { highWaterMark: 256 * 1024 });
  source.on('error', (err) => parser.destroy(err));
  decode.on('error', (err: Error) => parser.destroy(err));
  source.pipe(decode).pipe(parser as unknown as NodeJS.WritableStream);
  let n = 0;
  // A blank line is a row (it is counted and skipped), but blank lines at the very end are not.
  let blanks = 0;
  for await (const cells of parser as AsyncIterable<string[]>) {
    n++;
    const blank = cells.length === 0 || (cells.length === 1 && cells[0]!.trim() === '');
    if (blank) {
      blanks++;
      continue;
    }
    for (let i = blanks; i > 0; i--) yield [n - i, []];
    blanks = 0;
    yield [n, cells];
  }
}

/** Column name -> user field, guessed from the header (English, Russian and German names). */
const SYNONYMS: Record<ImportField, string[]> = {
  first_name: ['firstname', 'first', 'name', 'givenname', 'имя', 'vorname'],
  last_name: ['lastname', 'last', 'surname', 'familyname', 'фамилия', 'nachname'],
  email: ['email', 'mail', 'emailaddress', 'почта', 'электроннаяпочта', 'emailadresse'],
  phone: ['phone', 'telephone', 'tel', 'mobile', 'phonenumber', 'телефон', 'telefon', 'handy'],
  country: ['country', 'страна', 'land'],
  city: ['city', 'town', 'город', 'stadt', 'ort'],
  date_birth: ['datebirth', 'dateofbirth', 'birthday', 'birthdate', 'dob', 'датарождения', 'geburtsdatum'],
  language: ['language', 'lang', 'язык', 'sprache'],
  time_zone: ['timezone', 'tz', 'часовойпояс', 'zeitzone'],
};

export function suggestMapping(columns: string[]): Record<string, ImportField> {
  const mapping: Record<string, ImportField> = {};
  const used = new Set<string>();
  for (const col of columns) {
    const key = col.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
    const field = (Object.keys(SYNONYMS) as ImportField[]).find((f) => !used.has(f) && SYNONYMS[f]!.includes(key));
    if (field) {
      mapping[col] = field;
      used.add(field);
    }
  }
  return mapping;
}
