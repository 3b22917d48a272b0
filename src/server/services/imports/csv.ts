import { createReadStream } from 'node:fs';
import iconv from 'iconv-lite';
import Papa from 'papaparse';

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

type Chunk = { rows: string[][] } | { done: true } | { error: Error };

/**
 * The file's rows with backpressure, decoded to text. Papaparse hands over a chunk of rows and
 * pauses until the consumer has taken them (its row-at-a-time stream mode is far slower).
 */
async function* chunks(file: string, format: CsvFormat): AsyncGenerator<string[][]> {
  const source = createReadStream(file, { highWaterMark: 256 * 1024 });
  const text = source.pipe(iconv.decodeStream(format.encoding === 'utf-8' ? 'utf8' : 'win1251', { stripBOM: true }));
  let wake: (() => void) | null = null;
  let next: Chunk | null = null;
  let parser: { pause(): void; resume(): void; abort(): void } | null = null;
  // Set by the parser's callbacks: read afresh after each wait.
  const taken = (): Chunk | null => next;
  const put = (c: Chunk) => {
    next = c;
    wake?.();
  };
  source.on('error', (error) => {
    put({ error });
  });
  // Papaparse's types only name browser inputs; a Node readable is supported at run time.
  (Papa.parse as unknown as (input: unknown, config: object) => void)(text, {
    delimiter: format.delimiter,
    skipEmptyLines: false,
    chunkSize: 256 * 1024,
    chunk: (res: Papa.ParseResult<string[]>, p: Papa.Parser) => {
      parser = p;
      p.pause();
      put({ rows: res.data });
    },
    complete: () => {
      put({ done: true });
    },
    error: (error: Error) => {
      put({ error });
    },
  });
  try {
    for (;;) {
      if (!taken()) await new Promise<void>((r) => (wake = r));
      const c = taken();
      if (!c) continue;
      next = null;
      wake = null;
      if ('error' in c) throw c.error;
      if ('done' in c) return;
      yield c.rows;
      (parser as { resume(): void } | null)?.resume();
    }
  } finally {
    source.destroy();
  }
}

/** Each row as `[rowNumber, cells]`, the header being row 1. */
export async function* csvRows(file: string, format: CsvFormat): AsyncGenerator<[number, string[]]> {
  let n = 0;
  // A blank line is a row (it is counted and skipped), but blank lines at the very end are not.
  let blanks = 0;
  for await (const rows of chunks(file, format)) {
    for (const cells of rows) {
      n++;
      const blank = cells.length === 0 || (cells.length === 1 && cells[0]?.trim() === '');
      if (blank) {
        blanks++;
        continue;
      }
      for (let i = blanks; i > 0; i--) yield [n - i, []];
      blanks = 0;
      yield [n, cells];
    }
  }
}
