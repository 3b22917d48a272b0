/**
 * Writes src/api/validators.ts from the contract: for every request body schema (and each variant of a
 * oneOf body) the limits of its fields — required, minLength/maxLength, pattern, minimum/maximum, enum,
 * email format, minItems/maxItems — as plain data that src/api/validation.ts turns into react-admin
 * validators. Forms take their limits from there, so a limit changed in openapi/ reaches every form
 * (tests/unit/form-limits.test.ts fails when the file is stale or a form hard-codes a limit).
 *
 * The request schemas of the operations anyone may call (`security: []`: login, registration, resets) go
 * to src/api/publicValidators.ts, which validators.ts includes: the public screens import that small
 * module alone, not every schema's limits (the login screen's JavaScript budget, docs/performance.md).
 *
 * Run by `npm run generate`; `--check` exits 1 when a file differs from what it would write.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FieldRule } from '../src/api/validation';
import { loadContract, type Contract } from '../src/server/contract';
import { must } from './must';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OUTPUT = path.join(ROOT, 'src/api/validators.ts');
export const PUBLIC_OUTPUT = path.join(ROOT, 'src/api/publicValidators.ts');

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  [k: string]: unknown;
};

export type Rules = Record<string, Record<string, FieldRule>>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const REF = '#/components/schemas/';

function resolver(spec: Contract) {
  const schemas = (spec.components as { schemas?: Record<string, Schema> } | undefined)?.schemas ?? {};
  const deref = (s: Schema, seen: string[] = []): Schema => {
    if (!s.$ref) return s;
    if (!s.$ref.startsWith(REF)) throw new Error(`unsupported $ref ${s.$ref}`);
    const name = s.$ref.slice(REF.length);
    if (seen.includes(name)) throw new Error(`recursive schema ${name}`);
    const target = schemas[name];
    if (!target) throw new Error(`unknown schema ${name}`);
    // Keywords beside the $ref (OpenAPI 3.1 allows them) narrow the target.
    const { $ref: _ref, ...rest } = s;
    return { ...deref(target, [...seen, name]), ...rest };
  };
  /** A schema with its $refs followed and its allOf parts merged (properties and required unite). */
  const flat = (s: Schema): Schema => {
    const d = deref(s);
    if (!d.allOf) return d;
    const { allOf, ...own } = d;
    const out: Schema = {};
    for (const part of [...allOf.map(flat), own]) {
      const { properties, required, ...kw } = part;
      Object.assign(out, kw);
      if (properties) out.properties = { ...out.properties, ...properties };
      if (required) out.required = [...new Set([...(out.required ?? []), ...required])];
    }
    return out;
  };
  return { schemas, flat };
}

function typesOf(s: Schema): string[] {
  if (Array.isArray(s.type)) return s.type;
  if (s.type) return [s.type];
  if (s.enum)
    return [...new Set(s.enum.map((v) => (v === null ? 'null' : typeof v === 'number' ? 'number' : typeof v)))];
  return [];
}

/** The limits one schema sets on a scalar (or an array of scalars). */
function ruleOf(s: Schema, flat: (s: Schema) => Schema, required: boolean): FieldRule {
  const types = typesOf(s);
  const main = types.filter((t) => t !== 'null');
  const rule: FieldRule = {};
  const isBoolean = main.length === 1 && main[0] === 'boolean';
  // A checkbox always holds a value, and a nullable field may be sent empty (null): for neither does
  // `required` say anything a form could check.
  const nullable = types.includes('null');
  if (required && !isBoolean && !nullable) rule.presence = 'required';
  // Optional but never blank when sent (minLength 1). A longer minimum (a password's 8) leaves an
  // empty input free: forms leave such a field out when it is empty.
  else if (!isBoolean && !nullable && main.includes('string') && s.minLength === 1) rule.presence = 'not_empty';
  if (main.length === 1) rule.type = main[0];
  if (nullable) rule.nullable = true;
  if (s.minLength !== undefined && s.minLength > 1) rule.minLength = s.minLength;
  if (s.maxLength !== undefined) rule.maxLength = s.maxLength;
  if (s.pattern !== undefined) rule.pattern = s.pattern;
  if (s.format === 'email') rule.email = true;
  const min = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (main.includes('integer') ? 1 : 0) : s.minimum;
  const max = s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (main.includes('integer') ? 1 : 0) : s.maximum;
  if (min !== undefined) rule.minimum = min;
  if (max !== undefined) rule.maximum = max;
  if (s.enum) rule.enum = s.enum.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');
  if (s.minItems !== undefined) rule.minItems = s.minItems;
  if (s.maxItems !== undefined) rule.maxItems = s.maxItems;
  if (s.items) {
    const item = flat(s.items);
    if (!item.properties) {
      const { presence: _p, ...itemRule } = ruleOf(item, flat, false);
      if (Object.keys(itemRule).some((k) => k !== 'type')) rule.items = itemRule;
    }
  }
  return rule;
}

/**
 * The fields of an object schema by path: nested objects as `a.b`, the fields of an array's object
 * items as `a[].b` (the source of an input inside react-admin's ArrayInput). Binary fields (uploads)
 * and constants are left out: no one types them into a form.
 */
function fieldsOf(s: Schema, flat: (s: Schema) => Schema, prefix = ''): Record<string, FieldRule> {
  const out: Record<string, FieldRule> = {};
  const obj = flat(s);
  const required = new Set(obj.required ?? []);
  for (const [name, raw] of Object.entries(obj.properties ?? {})) {
    const prop = flat(raw);
    const key = `${prefix}${name}`;
    if (prop.format === 'binary' || prop.const !== undefined) continue;
    if (prop.properties) {
      Object.assign(out, fieldsOf(prop, flat, `${key}.`));
      continue;
    }
    out[key] = ruleOf(prop, flat, required.has(name));
    const items = prop.items && flat(prop.items);
    if (items?.properties) Object.assign(out, fieldsOf(items, flat, `${key}[].`));
  }
  return out;
}

type Operation = Contract['paths'][string][string];
const isPublic = (op: Operation) => Array.isArray(op.security) && op.security.length === 0;

/**
 * The rules of every request body of the (bundled) contract, keyed by schema name (or `<operationId>Body`
 * when inline); with `only`, of the bodies of the operations it picks.
 */
export function collectRules(spec: Contract, only: (op: Operation) => boolean = () => true): Rules {
  const { flat } = resolver(spec);
  const bodies = new Map<string, Schema>();
  const add = (name: string, s: Schema) => {
    const known = bodies.get(name);
    if (known && JSON.stringify(known) !== JSON.stringify(s)) throw new Error(`two request schemas named ${name}`);
    bodies.set(name, s);
  };
  const visit = (name: string, s: Schema) => {
    const d = flat(s);
    const variants = d.oneOf ?? d.anyOf;
    if (variants) {
      // Each variant is a form of its own (e.g. one per landing element type).
      variants.forEach((v, i) => {
        if (v.$ref) visit(v.$ref.slice(REF.length), v);
        else visit(`${name}${i + 1}`, v);
      });
      return;
    }
    if (Object.keys(d.properties ?? {}).length) add(name, s);
  };
  for (const item of Object.values(spec.paths)) {
    for (const m of METHODS) {
      const op = item[m];
      if (!op?.requestBody || !only(op)) continue;
      for (const media of Object.values(op.requestBody.content) as { schema?: Schema }[]) {
        const s = media.schema;
        if (!s) continue;
        if (s.$ref?.startsWith(REF)) visit(s.$ref.slice(REF.length), s);
        else visit(`${op.operationId}Body`, s);
      }
    }
  }
  const rules: Rules = {};
  for (const name of [...bodies.keys()].sort()) {
    const fields = fieldsOf(must(bodies.get(name)), flat);
    // Schemas of uploads only (an avatar, a file) leave nothing to type in.
    if (Object.keys(fields).length) rules[name] = fields;
  }
  return rules;
}

const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : `'${k}'`);

/** A value as TypeScript source: single quotes, bare keys (as the rest of the code base writes it). */
function literal(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(literal).join(', ')}]`;
  if (v && typeof v === 'object')
    return `{ ${Object.entries(v)
      .map(([k, x]) => `${key(k)}: ${literal(x)}`)
      .join(', ')} }`;
  if (typeof v === 'string') return `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  return String(v);
}

const HEADER = [
  '/**',
  ' * Generated by scripts/generate-validators.ts from openapi/ (`npm run generate`); do not edit by hand.',
];

function ruleLines(rules: Rules): string[] {
  const lines: string[] = [];
  for (const [schema, fields] of Object.entries(rules)) {
    lines.push(`  ${key(schema)}: {`);
    for (const [field, rule] of Object.entries(fields)) lines.push(`    ${key(field)}: ${literal(rule)},`);
    lines.push('  },');
  }
  return lines;
}

/** The schema names of `publicRules`, which the whole module takes from publicValidators.ts. */
const publicNames = (publicRules: Rules) => new Set(Object.keys(publicRules));

/** The module's text: one line per field so a diff shows which limit moved. */
export function render(rules: Rules, publicRules: Rules = {}): string {
  const shared = publicNames(publicRules);
  const own = Object.fromEntries(Object.entries(rules).filter(([name]) => !shared.has(name)));
  const lines = [
    ...HEADER,
    " * The limits of each request schema's fields, as the contract states them; `validatorsFor(schema)`",
    " * gives the react-admin validators of each field with the catalogue's messages.",
    ' */',
    "import { makeValidators, type FieldRule, type Messages, type FieldValidators } from './validation';",
    ...(shared.size ? ["import { publicRules } from './publicValidators';"] : []),
    '',
    'export const contractRules = {',
    ...(shared.size ? ['  ...publicRules,'] : []),
    ...ruleLines(own),
  ];
  lines.push(
    '} as const satisfies Record<string, Record<string, FieldRule>>;',
    '',
    'export type ContractSchema = keyof typeof contractRules;',
    '',
    "/** The validators of every field of a request schema, e.g. `validatorsFor('ContactRequest').city`. */",
    'export function validatorsFor<S extends ContractSchema>(schema: S, messages?: Messages<keyof (typeof contractRules)[S] & string>) {',
    '  const rules: Readonly<Record<string, FieldRule>> = contractRules[schema];',
    '  return makeValidators(rules, messages) as FieldValidators<keyof (typeof contractRules)[S] & string>;',
    '}',
    '',
  );
  return lines.join('\n');
}

/** publicValidators.ts: the same for the schemas of the operations anyone may call. */
export function renderPublic(publicRules: Rules): string {
  return [
    ...HEADER,
    ' * The limits of the request schemas of the operations anyone may call (login, registration, resets):',
    ' * the public screens import this module alone; validators.ts includes it.',
    ' */',
    "import { makeValidators, type FieldRule, type Messages, type FieldValidators } from './validation';",
    '',
    'export const publicRules = {',
    ...ruleLines(publicRules),
    '} as const satisfies Record<string, Record<string, FieldRule>>;',
    '',
    'type PublicSchema = keyof typeof publicRules;',
    '',
    "/** The validators of every field of a public request schema, e.g. `publicValidatorsFor('LoginRequest').username`. */",
    'export function publicValidatorsFor<S extends PublicSchema>(schema: S, messages?: Messages<keyof (typeof publicRules)[S] & string>) {',
    '  const rules: Readonly<Record<string, FieldRule>> = publicRules[schema];',
    '  return makeValidators(rules, messages) as FieldValidators<keyof (typeof publicRules)[S] & string>;',
    '}',
    '',
  ].join('\n');
}

/** Each generated file's path and text. */
export async function generate(): Promise<Record<string, string>> {
  const { spec } = await loadContract();
  const publicRules = collectRules(spec, isPublic);
  return { [OUTPUT]: render(collectRules(spec), publicRules), [PUBLIC_OUTPUT]: renderPublic(publicRules) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const [file, text] of Object.entries(await generate())) {
    if (process.argv.includes('--check')) {
      const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      if (current !== text) {
        console.error(`${path.relative(ROOT, file)} is not up-to-date; run \`npm run generate\``);
        process.exitCode = 1;
      }
    } else {
      fs.writeFileSync(file, text);
      console.log(`wrote ${path.relative(ROOT, file)}`);
    }
  }
}
