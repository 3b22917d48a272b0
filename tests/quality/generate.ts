import type { JsonSchema, OperationModel } from './contract-model';

/** A small seeded PRNG (mulberry32): the same seed replays the same cases. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => Math.floor(next() * (max - min + 1)) + min,
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof rng>;

type Deref = <T>(node: T) => T;

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A value as request text: a string as it is, anything else (numbers, booleans, null, objects) as JSON. */
const asText = (v: unknown): string => (typeof v === 'string' ? v : v === undefined ? 'undefined' : JSON.stringify(v));

function typesOf(s: JsonSchema): string[] {
  if (Array.isArray(s.type)) return s.type;
  if (s.type) return [s.type];
  if (s.properties) return ['object'];
  if (s.items) return ['array'];
  return [];
}

/** A value that satisfies the schema (as far as a test needs: formats, bounds, enums, required fields). */
export function validValue(schema: JsonSchema | undefined, r: Rng, deref: Deref, depth = 0): unknown {
  const s = deref(schema ?? {});
  if (s.const !== undefined) return s.const;
  if (s.enum) return r.pick(s.enum);
  if (s.allOf) {
    const parts = s.allOf.map((p) => validValue(p, r, deref, depth + 1));
    if (parts.every((p) => p && typeof p === 'object' && !Array.isArray(p))) return Object.assign({}, ...parts);
    return parts[parts.length - 1];
  }
  if (s.oneOf || s.anyOf) return validValue(r.pick((s.oneOf ?? s.anyOf)!), r, deref, depth + 1);
  if (s.example !== undefined && r.chance(0.5)) return s.example;
  const types = typesOf(s).filter((t) => t !== 'null');
  const type = types.length ? r.pick(types) : typesOf(s).includes('null') ? 'null' : 'string';
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return r.chance(0.5);
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      const max = Math.min(s.maximum ?? 1000, min + 1000);
      return r.int(Math.ceil(min), Math.floor(max));
    }
    case 'string':
      return validString(s, r);
    case 'array': {
      const n = Math.max(s.minItems ?? 0, depth > 3 ? 0 : r.int(0, 2));
      return Array.from({ length: Math.min(n, s.maxItems ?? n) }, () => validValue(s.items, r, deref, depth + 1));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        const prop = deref(v);
        if (prop.readOnly) continue;
        if (s.required?.includes(k) || (depth < 3 && r.chance(0.5))) out[k] = validValue(prop, r, deref, depth + 1);
      }
      return out;
    }
    default:
      return 'x';
  }
}

function validString(s: JsonSchema, r: Rng): string {
  switch (s.format) {
    case 'email':
      return `fuzz${r.int(1, 1e9)}@example.com`;
    case 'date':
      return `2026-0${r.int(1, 9)}-1${r.int(0, 9)}`;
    case 'date-time':
      return `2026-0${r.int(1, 9)}-1${r.int(0, 9)}T1${r.int(0, 9)}:30:00Z`;
    case 'time':
      return `1${r.int(0, 9)}:30`;
    case 'uri':
    case 'url':
      return `https://example.com/${r.int(1, 999)}`;
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
    case 'binary':
      return 'binary';
  }
  if (s.pattern) {
    if (typeof s.example === 'string') return s.example;
    if (/\\d\+\(\\\.\\d\{1,2\}\)\?|\\\.\\d\{2\}/.test(s.pattern)) return `${r.int(1, 500)}.00`;
    if (s.default !== undefined) return asText(s.default);
  }
  const min = s.minLength ?? 1;
  const max = Math.min(s.maxLength ?? 24, min + 24);
  const n = r.int(min, Math.max(min, max));
  let out = '';
  for (let i = 0; i < n; i++) out += ALNUM.charAt(r.int(0, ALNUM.length - 1));
  return out;
}

/** The ways a field can be made wrong; `hostile` ones may be accepted but must never break the server. */
type Mutation = { label: string; value: unknown; invalid: boolean };

function fieldMutations(schema: JsonSchema, deref: Deref): Mutation[] {
  const s = deref(schema);
  const types = typesOf(s);
  const out: Mutation[] = [];
  const has = (t: string) => types.includes(t);
  if (types.length && !has('string'))
    out.push({ label: 'string for non-string', value: 'not-a-number', invalid: true });
  if (has('string') && !has('integer') && !has('number')) {
    if (!s.enum) out.push({ label: 'number for string', value: 12345, invalid: true });
    out.push({ label: 'NUL byte', value: 'a\u0000b', invalid: false });
    const huge = 'x'.repeat(s.maxLength !== undefined ? s.maxLength + 1 : 100_000);
    out.push({ label: 'oversized string', value: huge, invalid: s.maxLength !== undefined });
    if (s.format === 'date' || s.format === 'date-time')
      out.push({ label: 'bad date', value: '2026-13-45', invalid: true });
    if (s.format === 'email') out.push({ label: 'bad email', value: 'not-an-email', invalid: true });
    if (s.enum) out.push({ label: 'unknown enum', value: 'zz-not-in-enum', invalid: true });
  }
  if (has('integer') || has('number')) {
    out.push({ label: 'huge number', value: 1e300, invalid: s.maximum !== undefined && s.maximum < 1e300 });
    out.push({
      label: 'unsafe integer',
      value: Number.MAX_SAFE_INTEGER + 1,
      invalid: s.maximum !== undefined && s.maximum < 9e15,
    });
    if (has('integer')) out.push({ label: 'fraction for integer', value: 1.5, invalid: true });
  }
  if (has('object')) out.push({ label: 'string for object', value: 'x', invalid: true });
  if (has('array')) out.push({ label: 'object for array', value: { a: 1 }, invalid: true });
  if (has('boolean') && types.length === 1) out.push({ label: 'string for boolean', value: 'maybe', invalid: true });
  return out;
}

/**
 * Integer parameters arrive as text: every way to write a number that is not a plain decimal integer
 * (ajv's coercion reads them all, "1e309" as Infinity), and the values just past the bounds.
 */
function integerTextMutations(schema: JsonSchema, deref: Deref): Mutation[] {
  const s = deref(schema);
  const types = typesOf(s);
  const items = s.items ? deref(s.items) : undefined;
  if (!types.includes('integer') && !(types.includes('array') && items && typesOf(items).includes('integer')))
    return [];
  const bounds = types.includes('integer') ? s : items!;
  const out: Mutation[] = [
    '1e309',
    'Infinity',
    '-Infinity',
    'NaN',
    '+1',
    '1.0',
    ' 1',
    '1 ',
    '0x1',
    '01',
    '-0',
    '1e0',
    '1_000',
  ].map((value) => ({
    label: `integer written ${JSON.stringify(value)}`,
    value,
    invalid: true,
  }));
  if (bounds.maximum !== undefined)
    out.push({ label: 'integer past its maximum', value: String(bounds.maximum + 1), invalid: true });
  if (bounds.minimum !== undefined)
    out.push({ label: 'integer under its minimum', value: String(bounds.minimum - 1), invalid: true });
  out.push({ label: 'integer of 400 digits', value: '9'.repeat(400), invalid: true });
  return out;
}

/** A request body schema that lists its fields and says nothing of others: any other field is refused. */
function isClosedObject(schema: JsonSchema, deref: Deref): boolean {
  const s = deref(schema);
  if (s.additionalProperties !== undefined || s.patternProperties !== undefined) return false;
  if (s.allOf) return s.allOf.every((p) => isClosedObject(p, deref));
  if (s.oneOf || s.anyOf) return (s.oneOf ?? s.anyOf)!.every((p) => isClosedObject(p, deref));
  return Boolean(s.properties) || (s.required !== undefined && !s.type);
}

export type FuzzRequest = {
  label: string;
  /** True when the contract forbids this request: it must get a 4xx and change nothing. */
  invalid: boolean;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

function encodeQuery(q: Record<string, unknown>): string {
  const parts = Object.entries(q)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(asText(v))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

function multipart(fields: Record<string, unknown>, r: Rng): { body: Buffer; type: string } {
  const boundary = `----fuzz${r.int(1, 1e9)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (v === 'binary') {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="f.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.from([0, 1, 2, 3, 4, 5]));
      chunks.push(Buffer.from('\r\n'));
    } else {
      const text = asText(v);
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${text}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

/** Builds a request for `op` from parameter values and a body value in a media type. */
export function buildRequest(
  op: OperationModel,
  params: Record<string, unknown>,
  body: { type: string; value: unknown } | undefined,
  r: Rng,
  label: string,
  invalid: boolean,
): FuzzRequest {
  let url = `/api${op.path}`;
  const query: Record<string, unknown> = {};
  for (const p of op.parameters) {
    const v = params[p.name];
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(asText(v ?? 1)));
    else if (p.in === 'query' && v !== undefined) query[p.name] = v;
  }
  url += encodeQuery(query);
  const headers: Record<string, string> = {};
  let payload: string | Buffer | undefined;
  if (body) {
    if (body.type === 'application/json') {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.value);
    } else if (body.type === 'application/x-www-form-urlencoded') {
      headers['content-type'] = body.type;
      payload = new URLSearchParams(
        Object.entries((body.value ?? {}) as Record<string, unknown>).map(([k, v]) => [k, asText(v)]),
      ).toString();
    } else if (body.type === 'multipart/form-data') {
      const m = multipart((body.value ?? {}) as Record<string, unknown>, r);
      headers['content-type'] = m.type;
      payload = m.body;
    } else {
      headers['content-type'] = body.type;
      payload = typeof body.value === 'string' ? body.value : JSON.stringify(body.value);
    }
  }
  return { label, invalid, method: op.method, url, headers, payload };
}

/** Valid values for every parameter (required ones always, optional ones sometimes). */
export function validParams(
  op: OperationModel,
  r: Rng,
  deref: Deref,
  ids: (name: string) => unknown,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of op.parameters) {
    if (p.in === 'header') continue;
    const known = ids(p.name);
    if (p.in === 'path') out[p.name] = known ?? validValue(p.schema, r, deref);
    else if (p.required || r.chance(0.4)) out[p.name] = validValue(p.schema, r, deref);
  }
  return out;
}

/** `count` requests for the operation: about half valid, half invalid or hostile, seeded by `r`. */
export function casesFor(
  op: OperationModel,
  count: number,
  r: Rng,
  deref: Deref,
  ids: (name: string) => unknown,
): FuzzRequest[] {
  const types = Object.keys(op.bodies);
  const bodyOf = () => {
    if (!types.length) return undefined;
    const type = r.pick(types);
    return { type, value: validValue(op.bodies[type], r, deref) };
  };
  const invalidOptions: (() => FuzzRequest | undefined)[] = [];
  // Body mutations: a missing required field, or a wrong/hostile value in one field.
  if (types.length) {
    invalidOptions.push(() => {
      const b = bodyOf()!;
      const schema = deref(op.bodies[b.type]!);
      const required = schema.required ?? [];
      if (!required.length || typeof b.value !== 'object' || !b.value) return undefined;
      const field = r.pick(required);
      const { [field]: _dropped, ...value } = b.value as Record<string, unknown>;
      return buildRequest(
        op,
        validParams(op, r, deref, ids),
        { type: b.type, value },
        r,
        `body without required ${field}`,
        true,
      );
    });
    invalidOptions.push(() => {
      const b = bodyOf()!;
      const schema = deref(op.bodies[b.type]!);
      const props = Object.entries(schema.properties ?? {});
      if (!props.length || typeof b.value !== 'object' || !b.value) return undefined;
      const [field, fieldSchema] = r.pick(props);
      const muts = fieldMutations(fieldSchema, deref);
      if (!muts.length) return undefined;
      const m = r.pick(muts);
      // Multipart and form bodies carry text: a type mutation there is not a contract violation.
      const invalid = m.invalid && b.type === 'application/json';
      return buildRequest(
        op,
        validParams(op, r, deref, ids),
        { type: b.type, value: { ...b.value, [field]: m.value } },
        r,
        `body ${field}: ${m.label}`,
        invalid,
      );
    });
    invalidOptions.push(() =>
      buildRequest(
        op,
        validParams(op, r, deref, ids),
        { type: 'text/plain', value: 'hello' },
        r,
        'wrong content type',
        true,
      ),
    );
    // A field the contract does not list: refused in every media type, never stored or ignored.
    invalidOptions.push(() => {
      const b = bodyOf()!;
      if (
        !isClosedObject(op.bodies[b.type]!, deref) ||
        typeof b.value !== 'object' ||
        !b.value ||
        Array.isArray(b.value)
      )
        return undefined;
      const field = r.pick(['zz_unknown', 'is_superuser', 'id', 'created_at', '__proto__', 'constructor']);
      // `{__proto__: …}` in a literal sets the prototype: defineProperty makes it an own field, as JSON.parse does.
      const value = Object.defineProperty({ ...b.value }, field, {
        value: r.pick(['x', 1, true]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return buildRequest(
        op,
        validParams(op, r, deref, ids),
        { type: b.type, value },
        r,
        `body with unknown field ${field}`,
        true,
      );
    });
    if (types.includes('application/json')) {
      invalidOptions.push(() => ({
        ...buildRequest(op, validParams(op, r, deref, ids), undefined, r, 'malformed JSON', true),
        headers: { 'content-type': 'application/json' },
        payload: '{"a":',
      }));
    }
    if (types.includes('multipart/form-data')) {
      invalidOptions.push(() => ({
        ...buildRequest(op, validParams(op, r, deref, ids), undefined, r, 'broken multipart', true),
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        payload: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
      }));
    }
  }
  // Parameter mutations.
  const mutable = op.parameters.filter((p) => p.in !== 'header');
  if (mutable.length) {
    const integers = mutable.filter((p) => integerTextMutations(p.schema, deref).length);
    if (integers.length) {
      invalidOptions.push(() => {
        const p = r.pick(integers);
        const m = r.pick(integerTextMutations(p.schema, deref));
        return buildRequest(
          op,
          { ...validParams(op, r, deref, ids), [p.name]: m.value },
          bodyOf(),
          r,
          `${p.in} ${p.name}: ${m.label}`,
          true,
        );
      });
    }
    invalidOptions.push(() => {
      const p = r.pick(mutable);
      const muts = fieldMutations(p.schema, deref).filter((m) => typeof m.value !== 'object');
      if (!muts.length) return undefined;
      const m = r.pick(muts);
      const params = { ...validParams(op, r, deref, ids), [p.name]: m.value };
      // Parameters are text: digits for a string are fine; a NUL byte in a URL is hostile, not a schema violation.
      return buildRequest(
        op,
        params,
        bodyOf(),
        r,
        `${p.in} ${p.name}: ${m.label}`,
        m.invalid && m.label !== 'NUL byte' && m.label !== 'number for string',
      );
    });
  }
  const out: FuzzRequest[] = [];
  for (let i = 0; out.length < count && i < count * 4; i++) {
    if (i % 2 === 0 || !invalidOptions.length) {
      out.push(buildRequest(op, validParams(op, r, deref, ids), bodyOf(), r, 'valid', false));
    } else {
      const req = r.pick(invalidOptions)();
      if (req) out.push(req);
    }
  }
  return out;
}
