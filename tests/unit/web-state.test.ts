import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue #39 item 3: every form is a react-admin <Form>, whose inputs hold the values, so screens keep
 * little React state of their own. Two counts over src/web (.ts/.tsx):
 * - form fields held in `useState`: an input element (TextField, Select, Checkbox, …, also under the
 *   name MUI's is imported as) whose `value` or `checked` is read from a `useState` variable of the
 *   same file. Target and figure: 0.
 * - `useState` calls per 1,000 lines. Target: ≤ 2.5 (Atomic CRM's figure). Before #39 item 3: 213
 *   calls in 31,429 lines (6.8); 116 in 32,421 (3.6) before dialogs and tabs moved into the address
 *   (common/urlState.ts) and flags into forms and provider mutations; 80 in 32,458 (2.5) after. The
 *   ceiling below is the figure reached so far; lower it as screens move state into forms, the URL or
 *   what can be derived.
 */
const WEB = path.resolve('src/web');
const MAX_PER_THOUSAND = 2.5;

// Issue #39 item 4: lists are react-admin's (<List>/<ListBase>/useList with <DataTable>), never a hand-built
// MUI <Table> (the last one, ImportMapping's, went with #39; so did the last useState-held form field).

const INPUT_NAMES = [
  'TextField',
  'Select',
  'NativeSelect',
  'Checkbox',
  'Switch',
  'Radio',
  'RadioGroup',
  'Autocomplete',
];

/**
 * The tags that render an input in this file: the HTML ones, MUI's by their names, and the local names
 * MUI's are imported under (`import { TextField as MuiTextField } from '@mui/material'`,
 * `import MuiSwitch from '@mui/material/Switch'`).
 */
function inputTags(text: string): RegExp {
  const named = [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mui\/[^']+'/g)].flatMap((m) =>
    [...(m[1] ?? '').matchAll(/\b(\w+)\s+as\s+(\w+)/g)]
      .filter((a) => INPUT_NAMES.includes(a[1] ?? ''))
      .map((a) => a[2]),
  );
  const defaults = [...text.matchAll(/import\s+(\w+)\s+from\s*'@mui\/material\/(\w+)'/g)]
    .filter((m) => INPUT_NAMES.includes(m[2] ?? ''))
    .map((m) => m[1]);
  return new RegExp(`<(${[...INPUT_NAMES, ...named, ...defaults, 'input', 'textarea'].join('|')})\\b`, 'g');
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sources(file);
    return /\.tsx?$/.test(e.name) ? [file] : [];
  });
}

/** The JSX opening tag starting at `from`, up to its closing `>` outside braces. */
function openingTag(text: string, from: number): string {
  let depth = 0;
  for (let i = from + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === '>' && depth === 0 && text[i - 1] !== '=') return text.slice(from, i + 1);
  }
  return text.slice(from);
}

/** Whether the file renders MUI's own <Table> (react-admin's <DataTable> renders one for it). */
const buildsTable = (text: string) => /<Table\b/.test(text);

function stateCalls(text: string): number {
  return [...text.matchAll(/\buseState\s*[<(]/g)].length;
}

/** `file: Tag value={name}` for each input whose value lives in a useState variable of the file. */
function stateHeldFields(text: string, file = ''): string[] {
  const state = new Set([...text.matchAll(/const\s*\[\s*(\w+)\s*,\s*\w+\s*\]\s*=\s*useState\b/g)].map((m) => m[1]));
  const found: string[] = [];
  for (const m of text.matchAll(inputTags(text))) {
    const tag = openingTag(text, m.index);
    for (const v of tag.matchAll(/\b(value|checked)=\{\s*!?\s*(\w+)/g))
      if (state.has(v[2])) found.push(`${file}: <${m[1]} ${v[1]}={${v[2]}}>`);
  }
  return found;
}

describe('state of the web screens', () => {
  const files = sources(WEB).map((f) => ({
    name: path.relative(WEB, f).split(path.sep).join('/'),
    text: fs.readFileSync(f, 'utf8'),
  }));

  it('holds no form field in useState (forms are react-admin <Form>s)', () => {
    expect(files.flatMap((f) => stateHeldFields(f.text, f.name))).toEqual([]);
  });

  it(`has at most ${String(MAX_PER_THOUSAND)} useState calls per 1,000 lines`, () => {
    const calls = files.reduce((n, f) => n + stateCalls(f.text), 0);
    const lines = files.reduce((n, f) => n + f.text.split('\n').length - 1, 0);
    const perThousand = Math.round((calls / lines) * 10000) / 10;
    console.info(`useState: ${String(calls)} calls in ${String(lines)} lines, ${String(perThousand)} per 1,000`);
    expect(perThousand).toBeLessThanOrEqual(MAX_PER_THOUSAND);
  });

  it('builds no table by hand (lists are react-admin lists)', () => {
    expect(files.filter((f) => buildsTable(f.text)).map((f) => f.name)).toEqual([]);
    expect(buildsTable('<Table size="small">')).toBe(true);
    expect(buildsTable('<DataTable<Row> size="small"><TableCell />')).toBe(false);
  });

  it('sees a state-held field and an input held by a form', () => {
    const held = `const [city, setCity] = useState('');\nreturn <TextField label="x" value={city} onChange={(e) => { setCity(e.target.value); }} />;`;
    expect(stateHeldFields(held)).toEqual([': <TextField value={city}>']);
    expect(
      stateHeldFields(
        `const { field } = useInput({ source: 'city' });\nreturn <TextField {...field} value={field.value} />;`,
      ),
    ).toEqual([]);
    expect(stateCalls('const [a] = useState(1); const [b] = useState<string>();')).toBe(2);
  });

  it('follows an input imported under another name', () => {
    const renamed = [
      "import { Stack, TextField as MuiTextField, Switch as Toggle } from '@mui/material';",
      "const [city, setCity] = useState('');",
      'const [on, setOn] = useState(false);',
      'return <Stack><MuiTextField value={city} /><Toggle checked={on} /></Stack>;',
    ].join('\n');
    expect(stateHeldFields(renamed)).toEqual([': <MuiTextField value={city}>', ': <Toggle checked={on}>']);
    expect(
      stateHeldFields(
        "import Box from '@mui/material/Box';\nimport Field from '@mui/material/TextField';\nconst [q, setQ] = useState('');\nreturn <Box><Field value={q} /></Box>;",
      ),
    ).toEqual([': <Field value={q}>']);
    // A renamed component that is no input is not one.
    expect(
      stateHeldFields(
        "import { Chip as Tag } from '@mui/material';\nconst [x] = useState('');\nreturn <Tag label={x} value={x} />;",
      ),
    ).toEqual([]);
  });
});
