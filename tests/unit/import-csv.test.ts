import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { csvRows, type CsvRecord } from '../../src/server/services/imports/csv';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-csv-'));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});
let n = 0;
async function read(text: string, delimiter: ',' | ';' = ','): Promise<CsvRecord[]> {
  const file = path.join(dir, `${String(++n)}.csv`);
  fs.writeFileSync(file, text);
  const out: CsvRecord[] = [];
  for await (const r of csvRows(file, { encoding: 'utf-8', delimiter })) out.push(r);
  return out;
}
const unclosed = { key: 'import_line_unclosed_quote' };

describe('csvRows: a malformed line is its own row, never the end of the next ones', () => {
  it('an unclosed quote in the last field at the end of the file', async () => {
    expect(await read('a,b\n1,2\n3,"4\n')).toEqual([
      { line: 1, cells: ['a', 'b'], problem: null },
      { line: 2, cells: ['1', '2'], problem: null },
      { line: 3, cells: ['3', '4'], problem: unclosed },
    ]);
  });

  it('a quote left open is given up after 50 lines, and each line after it is read', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => `r${String(i)},x`);
    const got = await read(['a,b', 'bad,"open', ...rows].join('\n'));
    expect(got).toHaveLength(62);
    expect(got[1]).toEqual({ line: 2, cells: ['bad', 'open'], problem: unclosed });
    expect(got.slice(2).map((r) => r.cells[0])).toEqual(rows.map((r) => r.split(',')[0]));
  });

  it('a quoted field over lines (a blank one inside too) is one row; a quote that closes into a wrong record is not', async () => {
    expect(await read('a,b,c\n1,"x\n\ny",2\n3,"p\n4,q",5,6\n7,8,9\n')).toEqual([
      { line: 1, cells: ['a', 'b', 'c'], problem: null },
      { line: 2, cells: ['1', 'x\n\ny', '2'], problem: null },
      { line: 5, cells: ['3', 'p'], problem: unclosed },
      {
        line: 6,
        cells: ['4', 'q"', '5', '6'],
        problem: { key: 'import_line_columns', params: { found: 4, expected: 3 } },
      },
      { line: 7, cells: ['7', '8', '9'], problem: null },
    ]);
  });

  it('blank lines and lines of separators only are no rows; empty fields past the header are dropped', async () => {
    expect(await read('a;b;\r\n\r\n;;\r\n  \r\n1;2;;\r\n3\r\n', ';')).toEqual([
      { line: 1, cells: ['a', 'b'], problem: null },
      { line: 5, cells: ['1', '2'], problem: null },
      { line: 6, cells: ['3'], problem: { key: 'import_line_columns', params: { found: 1, expected: 2 } } },
    ]);
  });

  it('a record over the reader’s chunk boundary (256 KiB) is read whole', async () => {
    // The quoted field's first line ends exactly at the end of the first chunk.
    let head = 'a,b\n';
    const open = '"multi\n';
    let rows = 0;
    while (head.length + 20 + open.length <= 256 * 1024) {
      head += `${String(rows).padStart(8, '0')},${'y'.repeat(10)}\n`;
      rows++;
    }
    head += `pad,${'p'.repeat(256 * 1024 - head.length - open.length - 5)}\n`;
    expect(head.length + open.length).toBe(256 * 1024);
    const got = await read(`${head}${open}line",z\nlast,row\n`);
    expect(got).toHaveLength(rows + 4);
    expect(got.at(-2)).toEqual({ line: rows + 3, cells: ['multi\nline', 'z'], problem: null });
    expect(got.at(-1)).toEqual({ line: rows + 5, cells: ['last', 'row'], problem: null });
  });
});
