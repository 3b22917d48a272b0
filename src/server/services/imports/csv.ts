import { createReadStream } from 'node:fs';
import { pipeline, type Readable } from 'node:stream';
import iconv from 'iconv-lite';

export type CsvFormat = { encoding: 'utf-8' | 'windows-1251'; delimiter: ',' | ';' };

/** A file by its path, or a way to open it afresh for each pass (a stored file: MediaStore.read). */
export type CsvSource = string | (() => Promise<Readable>);

const open = async (file: CsvSource): Promise<Readable> =>
  typeof file === 'string' ? createReadStream(file, { highWaterMark: 256 * 1024 }) : file();

/**
 * Reads the file once: UTF-8 (with or without BOM) when every byte sequence is valid UTF-8, else
 * Windows-1251; the separator is the one the header line uses most.
 */
export async function detectFormat(file: CsvSource): Promise<CsvFormat> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let encoding: CsvFormat['encoding'] = 'utf-8';
  let head: Buffer | null = null;
  for await (const chunk of (await open(file)) as AsyncIterable<Buffer>) {
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

/** Lines a quoted field may span (a note or an address of a few lines); an unclosed quote gives up sooner. */
const MAX_SPAN = 50;
/** Characters a record may hold across its lines. */
const MAX_RECORD = 256 * 1024;

/** Why a line of the file is not a record of it: the line is skipped on its own, the next line starts afresh. */
type LineProblem =
  { key: 'import_line_unclosed_quote' } | { key: 'import_line_columns'; params: { found: number; expected: number } };

/**
 * One record of the file: `line` is the file's line it starts on (1-based, blank lines count as
 * lines); `cells` its fields, or for a malformed line the fields as far as they could be read.
 */
export type CsvRecord = { line: number; cells: string[]; problem: LineProblem | null };

/** The file's lines in batches, decoded, without their line ends (a BOM is dropped). */
async function* lineBatches(file: CsvSource, format: CsvFormat): AsyncGenerator<string[]> {
  const source = await open(file);
  const text = pipeline(
    source,
    iconv.decodeStream(format.encoding === 'utf-8' ? 'utf8' : 'win1251', { stripBOM: true }),
    () => {},
  );
  const cut = (s: string) => (s.endsWith('\r') ? s.slice(0, -1) : s);
  let rest = '';
  try {
    for await (const chunk of text as AsyncIterable<string>) {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (let i = 0; i < lines.length; i++) lines[i] = cut(lines[i] ?? '');
      yield lines;
    }
    yield [cut(rest)];
  } finally {
    source.destroy();
  }
}

/**
 * The record starting at `lines[at]`: its cells and how many lines it takes; 'more' when it needs
 * lines not read yet. A quoted field may go on over the next lines only while the record it makes
 * stays well formed: its quote closes before a separator or the line's end, within MAX_SPAN lines,
 * and the record has the header's number of fields; else 'bad' (the line is malformed, on its own).
 * `lenient` reads one line as far as it goes: an unclosed quote takes the rest of the line.
 */
function parseRecord(
  lines: string[],
  at: number,
  delimiter: string,
  expected: number,
  ended: boolean,
  lenient = false,
): { cells: string[]; span: number } | 'more' | 'bad' {
  const cells: string[] = [];
  let li = at;
  let s = lines[li] ?? '';
  let i = 0;
  for (;;) {
    if (s.charCodeAt(i) !== 34) {
      const j = s.indexOf(delimiter, i);
      if (j < 0) {
        cells.push(s.slice(i));
        break;
      }
      cells.push(s.slice(i, j));
      i = j + 1;
      continue;
    }
    // A quoted field: "" is a quote inside it.
    const opened = li;
    let field = '';
    let from = i + 1;
    for (;;) {
      const q = s.indexOf('"', from);
      if (q < 0) {
        field += s.slice(from);
        if (lenient) {
          cells.push(field);
          return { cells, span: 1 };
        }
        field += '\n';
        li++;
        if (li - at >= MAX_SPAN || field.length > MAX_RECORD) return 'bad';
        if (li >= lines.length) return ended ? 'bad' : 'more';
        s = lines[li] ?? '';
        from = 0;
        continue;
      }
      field += s.slice(from, q);
      if (s.charCodeAt(q + 1) === 34) {
        field += '"';
        from = q + 2;
        continue;
      }
      i = q + 1;
      break;
    }
    if (i < s.length && s[i] !== delimiter) {
      // Text after the closing quote: kept as part of the field on one line (as spreadsheets do),
      // but a quote that closed on a later line did not close the field it opened.
      if (li !== opened) return 'bad';
      const j = s.indexOf(delimiter, i);
      field += j < 0 ? s.slice(i) : s.slice(i, j);
      i = j < 0 ? s.length : j;
    }
    cells.push(field);
    if (i >= s.length) break;
    i++;
  }
  if (li > at && expected && (cells.length < expected || fieldCount(cells) > expected)) return 'bad';
  return { cells, span: li - at + 1 };
}

/** Fields up to the last non-empty one (empty fields at the end of a line hold nothing). */
function fieldCount(cells: string[]): number {
  let n = cells.length;
  while (n > 0 && !cells[n - 1]?.trim()) n--;
  return n;
}

/**
 * The file's records, the header first, read with backpressure. Blank lines (also lines of
 * separators only) are left out. A data record with fewer fields than the header, or with more that
 * hold something, is malformed (its own line, skipped); empty fields past the header are dropped.
 */
export async function* csvRows(file: CsvSource, format: CsvFormat): AsyncGenerator<CsvRecord> {
  const batches = lineBatches(file, format);
  let lines: string[] = [];
  let at = 0;
  /** The file's line number of lines[0]. */
  let base = 1;
  let ended = false;
  /** Fields of the header, once read. */
  let expected = 0;
  try {
    for (;;) {
      if (!ended) {
        const next = await batches.next();
        if (next.done) ended = true;
        else {
          lines = at ? lines.slice(at).concat(next.value) : lines.concat(next.value);
          base += at;
          at = 0;
        }
      }
      while (at < lines.length) {
        const parsed = parseRecord(lines, at, format.delimiter, expected, ended);
        if (parsed === 'more') break;
        const line = base + at;
        if (parsed === 'bad') {
          const one = parseRecord(lines, at, format.delimiter, 0, true, true);
          const cells = typeof one === 'object' ? one.cells : [];
          expected ||= fieldCount(cells);
          at++;
          yield { line, cells, problem: { key: 'import_line_unclosed_quote' } };
          continue;
        }
        at += parsed.span;
        const { cells } = parsed;
        const filled = fieldCount(cells);
        if (!filled) continue;
        if (!expected) {
          expected = filled;
          cells.length = filled;
          yield { line, cells, problem: null };
        } else if (cells.length < expected) {
          yield { line, cells, problem: { key: 'import_line_columns', params: { found: cells.length, expected } } };
        } else if (filled > expected) {
          yield { line, cells, problem: { key: 'import_line_columns', params: { found: filled, expected } } };
        } else {
          cells.length = expected;
          yield { line, cells, problem: null };
        }
      }
      if (ended && at >= lines.length) return;
    }
  } finally {
    await batches.return(undefined);
  }
}
