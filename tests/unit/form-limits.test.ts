import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generate } from '../../scripts/generate-validators';
import { contractRules } from '../../src/api/validators';
import { ruleValidators } from '../../src/api/validation';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEB = path.join(ROOT, 'src/web');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'i18n' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}
const rel = (p: string) => path.relative(ROOT, p).split(path.sep).join('/');
const webFiles = sourceFiles(WEB);

/** A number written into a form as a limit: a react-admin validator, an input attribute or a length test. */
const HARD_CODED = [
  /\b(minLength|maxLength|minValue|maxValue)\(\s*[\d_]+/g,
  /\b(minLength|maxLength)\s*[:=]\s*\{?\s*\d+/g,
  /\.(?:trim\(\)\.)?length\s*[<>]=?\s*(?:[2-9]|\d{2,})\b(?![^\n]*\?)/g,
  /\bconst\s+\w*(?:MIN|MAX)\w*\s*=\s*\d+\s*;/g,
];

type Input = { file: string; line: number; source: string; validate: string | null };

/**
 * Every react-admin input of a file with a `source="…"` string: the full source (inside an
 * <ArrayInput source="a"> an input `b` is `a[].b`) and the text of its `validate` prop, or of its
 * child input's when the source sits on a <ReferenceInput>/<ReferenceArrayInput>.
 */
function inputsOf(file: string): Input[] {
  const text = fs.readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: Input[] = [];
  // `validate={rules}` with `const rules = [...v.email, email()]` in the file reads as its initializer.
  const consts = new Map<string, string>();
  const collect = (n: ts.Node) => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer)
      consts.set(n.name.text, n.initializer.getText(sf));
    ts.forEachChild(n, collect);
  };
  collect(sf);
  const resolve = (e: ts.Expression) => (ts.isIdentifier(e) ? (consts.get(e.text) ?? e.text) : e.getText(sf));
  const attrs = (el: ts.JsxOpeningLikeElement) => {
    const map = new Map<string, string>();
    for (const a of el.attributes.properties) {
      if (!ts.isJsxAttribute(a) || !a.initializer) continue;
      const name = a.name.getText(sf);
      const init = a.initializer;
      if (ts.isStringLiteral(init)) map.set(name, `"${init.text}"`);
      else if (ts.isJsxExpression(init) && init.expression) map.set(name, resolve(init.expression));
    }
    return map;
  };
  const childValidate = (el: ts.Node): string | null => {
    if (!ts.isJsxElement(el)) return null;
    for (const c of el.children) {
      const open = ts.isJsxElement(c) ? c.openingElement : ts.isJsxSelfClosingElement(c) ? c : null;
      if (open) return attrs(open).get('validate') ?? null;
    }
    return null;
  };
  const walk = (node: ts.Node, prefix: string) => {
    let next = prefix;
    const open = ts.isJsxElement(node) ? node.openingElement : ts.isJsxSelfClosingElement(node) ? node : null;
    if (open) {
      const a = attrs(open);
      const src = a.get('source');
      const tag = open.tagName.getText(sf);
      // Inputs only (react-admin's *Input and the app's own, RichText included); fields and columns show.
      if (src?.startsWith('"') && /(Input|RichText)$/.test(tag)) {
        const source = `${prefix}${src.slice(1, -1)}`;
        const validate = a.get('validate') ?? (/^Reference(Array)?Input$/.test(tag) ? childValidate(node) : null);
        const line = sf.getLineAndCharacterOfPosition(open.getStart(sf)).line + 1;
        out.push({ file: rel(file), line, source, validate });
        if (tag === 'ArrayInput') next = `${source}[].`;
      }
    }
    ts.forEachChild(node, (c) => {
      walk(c, next);
    });
  };
  walk(sf, '');
  return out;
}

/**
 * The validator objects of a file: `const x = validatorsFor('Schema', …)` (or publicValidatorsFor) gives x → [Schema], and
 * `const v = creating ? x : y` gives v → the schemas of x and y.
 */
function validatorVars(file: string): Map<string, string[]> {
  const text = fs.readFileSync(file, 'utf8');
  const vars = new Map<string, string[]>();
  for (const m of text.matchAll(/\bconst\s+(\w+)\s*=\s*(?:publicV|v)alidatorsFor\(\s*'(\w+)'/g))
    vars.set(m[1]!, [m[2]!]);
  for (const m of text.matchAll(/\bconst\s+(\w+)\s*=\s*[\w.!]+\s*\?\s*(\w+)\s*:\s*(\w+)\s*;/g)) {
    const a = vars.get(m[2]!);
    const b = vars.get(m[3]!);
    if (a && b) vars.set(m[1]!, [...a, ...b]);
  }
  return vars;
}

/**
 * Objects of rules built from a contract's validators (`const rules = { username: trimmed(contract.username) }`):
 * their name, and each field's expression.
 */
function ruleObjects(file: string): Map<string, Map<string, string>> {
  const text = fs.readFileSync(file, 'utf8');
  const objects = new Map<string, Map<string, string>>();
  for (const m of text.matchAll(/\bconst\s+(\w+)\s*=\s*\{([^{}]*)\};/g)) {
    const fields = new Map<string, string>();
    for (const e of m[2]!.matchAll(/(\w+):\s*([^,]+(?:\([^)]*\))?)/g)) fields.set(e[1]!, e[2]!.trim());
    objects.set(m[1]!, fields);
  }
  return objects;
}

const rulesOf = (schema: string) => (contractRules as Record<string, Record<string, object>>)[schema] ?? {};

describe('form limits come from the contract', () => {
  it(
    'src/api/validators.ts and publicValidators.ts match openapi/ (otherwise run `npm run generate`)',
    { timeout: 60_000 },
    async () => {
      for (const [file, fresh] of Object.entries(await generate())) {
        const current = fs.readFileSync(file, 'utf8');
        expect(current === fresh, `${file} is stale: run \`npm run generate\` (never edit it by hand)`).toBe(true);
      }
    },
  );

  it('no web form writes a limit of its own', () => {
    const found: string[] = [];
    for (const file of webFiles) {
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        for (const re of HARD_CODED) for (const m of line.matchAll(re)) found.push(`${rel(file)}:${i + 1}: ${m[0]}`);
      });
    }
    expect(found, 'take the limit from validatorsFor(<request schema>) in src/api/validators.ts').toEqual([]);
  });

  it("forms say the catalogue's messages, not react-admin's defaults", () => {
    const found: string[] = [];
    for (const file of webFiles) {
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          // required() says 'Required'; the product says 'Please, fill this field' (requiredValue).
          for (const m of line.matchAll(/\b(required|email|number)\(\)/g)) found.push(`${rel(file)}:${i + 1}: ${m[0]}`);
        });
    }
    expect(found).toEqual([]);
  });

  it("every input of a contract field validates with that field's validators", () => {
    const problems: string[] = [];
    let checked = 0;
    for (const file of webFiles) {
      const vars = validatorVars(file);
      if (!vars.size) continue;
      const objects = ruleObjects(file);
      for (const input of inputsOf(file)) {
        // The schemas of this file that have the input's field with any limit.
        const owners = [...vars].filter(([, schemas]) =>
          schemas.some((schema) => {
            const rule = rulesOf(schema)[input.source];
            return rule && ruleValidators(rule).length > 0;
          }),
        );
        if (!owners.length) continue;
        checked++;
        const field = input.source.replace(/[.[\]]/g, '\\$&');
        const mentions = (v: string, text: string) =>
          new RegExp(`\\b${v}(\\.${field}\\b|\\[['"]${field}['"]\\])`).test(text);
        // Straight from the contract's validators, or through a rules object whose same field is built from them.
        const viaObject = (v: string) => {
          const m = /^(\w+)\.(\w+)$/.exec(input.validate ?? '');
          const expr = m && m[2] === input.source ? objects.get(m[1]!)?.get(m[2]) : undefined;
          return expr !== undefined && mentions(v, expr);
        };
        const uses = (v: string) => mentions(v, input.validate ?? '') || viaObject(v);
        const where = `${input.file}:${input.line} ${input.source}`;
        if (!input.validate)
          problems.push(`${where}: no validate (the contract limits it: ${owners.flatMap(([, s]) => s).join(', ')})`);
        else if (!owners.some(([v]) => uses(v)))
          problems.push(
            `${where}: validate={${input.validate}} does not use ${owners.map(([v]) => `${v}.${input.source}`).join(' or ')}`,
          );
        else if (/\b(minLength|maxLength|minValue|maxValue|choices)\(/.test(input.validate))
          problems.push(`${where}: validate={${input.validate}} adds a limit of its own`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });

  it('the contact form limits city and country as the contract does', () => {
    const inputs = inputsOf(path.join(WEB, 'features/contacts/ContactForm.tsx'));
    for (const source of ['city', 'country'])
      expect(inputs.find((i) => i.source === source)?.validate).toBe(`v.${source}`);
  });
});
