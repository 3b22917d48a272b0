import { describe, expect, it } from 'vitest';
import { collectRules, render, renderPublic } from '../../scripts/generate-validators';
import type { Contract } from '../../src/server/contract';
import { checkValues, makeValidators, ruleValidators, type FieldRule } from '../../src/api/validation';
import { contractRules } from '../../src/api/validators';
import { de } from '../../src/web/i18n/de';
import { en } from '../../src/web/i18n/en';
import { ru } from '../../src/web/i18n/ru';

/** A small bundled contract with each shape the generator meets in openapi/. */
const spec = {
  paths: {
    '/things/': {
      post: {
        operationId: 'createThing',
        'x-roles': ['admin'],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingCreate' } } } },
      },
      patch: {
        operationId: 'updateThing',
        'x-roles': ['admin'],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingUpdate' } } } },
      },
    },
    '/notes/': {
      post: {
        operationId: 'addNote',
        'x-roles': ['member'],
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['text', 'file'],
                properties: { text: { type: 'string', maxLength: 10 }, file: { type: 'string', format: 'binary' } },
              },
            },
          },
        },
      },
    },
    '/blocks/': {
      post: {
        operationId: 'addBlock',
        'x-roles': ['member'],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Block' } } } },
      },
    },
    '/list/': { get: { operationId: 'list', 'x-roles': ['public'] } },
  },
  components: {
    schemas: {
      Title: { type: 'string', minLength: 1, maxLength: 300 },
      Id: { type: 'integer', minimum: 1, maximum: 2147483647 },
      ThingUpdate: {
        type: 'object',
        properties: {
          title: { $ref: '#/components/schemas/Title' },
          code: { type: 'string', minLength: 3, maxLength: 8, pattern: '^[a-z]+$' },
          email: { type: 'string', format: 'email', maxLength: 254 },
          kind: { type: 'string', enum: ['a', 'b'] },
          rating: { type: 'integer', exclusiveMinimum: 0, maximum: 5 },
          owner: { type: ['integer', 'null'], minimum: 1 },
          active: { type: 'boolean' },
          tags: { type: 'array', maxItems: 3, items: { type: 'string', minLength: 1, maxLength: 20 } },
          place: { type: 'object', required: ['city'], properties: { city: { type: 'string', maxLength: 150 } } },
          rows: {
            type: 'array',
            minItems: 1,
            items: { type: 'object', required: ['label'], properties: { label: { type: 'string', maxLength: 40 } } },
          },
          picture: { type: 'string', format: 'binary' },
        },
      },
      ThingCreate: {
        allOf: [
          { $ref: '#/components/schemas/ThingUpdate' },
          { type: 'object', required: ['title', 'active', 'owner'] },
        ],
      },
      Block: { oneOf: [{ $ref: '#/components/schemas/TextBlock' }, { $ref: '#/components/schemas/LinkBlock' }] },
      TextBlock: {
        type: 'object',
        required: ['type', 'text'],
        properties: { type: { type: 'string', const: 'text' }, text: { type: 'string', minLength: 1, maxLength: 100 } },
      },
      LinkBlock: {
        type: 'object',
        required: ['type', 'url'],
        properties: { type: { type: 'string', const: 'link' }, url: { type: 'string', maxLength: 2048 } },
      },
    },
  },
} as unknown as Contract;

describe('the validators generator', () => {
  const rules = collectRules(spec);

  it('lists each request schema, the variants of a oneOf and inline bodies by operation id', () => {
    expect(Object.keys(rules)).toEqual(['LinkBlock', 'TextBlock', 'ThingCreate', 'ThingUpdate', 'addNoteBody']);
  });

  it('reads the limits of each field, following $ref and allOf', () => {
    expect(rules.ThingUpdate).toEqual({
      title: { presence: 'not_empty', type: 'string', maxLength: 300 },
      code: { type: 'string', minLength: 3, maxLength: 8, pattern: '^[a-z]+$' },
      email: { type: 'string', maxLength: 254, email: true },
      kind: { type: 'string', enum: ['a', 'b'] },
      rating: { type: 'integer', minimum: 1, maximum: 5 },
      owner: { type: 'integer', nullable: true, minimum: 1 },
      active: { type: 'boolean' },
      tags: { type: 'array', maxItems: 3, items: { type: 'string', maxLength: 20 } },
      'place.city': { presence: 'required', type: 'string', maxLength: 150 },
      rows: { type: 'array', minItems: 1 },
      'rows[].label': { presence: 'required', type: 'string', maxLength: 40 },
    });
    // The create schema adds required fields; a checkbox and a nullable field stay without `required`.
    expect(rules.ThingCreate!.title).toEqual({ presence: 'required', type: 'string', maxLength: 300 });
    expect(rules.ThingCreate!.active).toEqual({ type: 'boolean' });
    expect(rules.ThingCreate!.owner).toEqual({ type: 'integer', nullable: true, minimum: 1 });
    expect(rules.TextBlock).toEqual({ text: { presence: 'required', type: 'string', maxLength: 100 } });
    expect(rules.addNoteBody).toEqual({ text: { presence: 'required', type: 'string', maxLength: 10 } });
  });

  it('writes one line per field, quoting only the keys that need it', () => {
    const text = render(rules);
    expect(text).toContain("    code: { type: 'string', minLength: 3, maxLength: 8, pattern: '^[a-z]+$' },\n");
    expect(text).toContain("    'rows[].label': { presence: 'required', type: 'string', maxLength: 40 },\n");
    expect(text).toContain('export function validatorsFor<S extends ContractSchema>');
  });

  it('puts the bodies of the operations anyone may call in a module of their own, which the whole one includes', () => {
    const open = collectRules(spec, (op) => op.operationId === 'addNote');
    expect(Object.keys(open)).toEqual(['addNoteBody']);
    const whole = render(rules, open);
    expect(whole).toContain("import { publicRules } from './publicValidators';");
    expect(whole).toContain('  ...publicRules,\n');
    expect(whole).not.toContain('  addNoteBody: {');
    const pub = renderPublic(open);
    expect(pub).toContain("    text: { presence: 'required', type: 'string', maxLength: 10 },\n");
    expect(pub).toContain('export function publicValidatorsFor<S extends PublicSchema>');
  });
});

describe('the contract validators', () => {
  const run = (rule: FieldRule, value: unknown) =>
    ruleValidators(rule)
      .map((v) => v(value, {}, {}))
      .find(Boolean);

  it("answer with the catalogue's messages", () => {
    expect(run({ presence: 'required' }, '')).toBe('atrium.validation.required');
    expect(run({ presence: 'not_empty' }, '')).toBe('atrium.validation.empty');
    expect(run({ maxLength: 3 }, 'abcd')).toEqual({ message: 'atrium.validation.too_long', args: { max: 3 } });
    expect(run({ minLength: 3 }, 'ab')).toEqual({ message: 'atrium.validation.too_short', args: { min: 3 } });
    expect(run({ minLength: 3 }, '')).toBeUndefined();
    expect(run({ pattern: '^[a-z]+$' }, 'A1')).toEqual({
      message: 'atrium.validation.pattern',
      args: { pattern: /^[a-z]+$/u },
    });
    expect(run({ email: true }, 'nope')).toEqual({ message: 'atrium.validation.email', args: expect.anything() });
    expect(run({ type: 'integer' }, '1.5')).toBe('atrium.validation.integer');
    expect(run({ minimum: 1 }, 0)).toEqual({ message: 'atrium.validation.min_value', args: { min: 1 } });
    expect(run({ maximum: 5 }, 6)).toEqual({ message: 'atrium.validation.max_value', args: { max: 5 } });
    expect(run({ enum: ['a'] }, 'b')).toEqual({ message: 'atrium.validation.choice', args: { list: ['a'] } });
    expect(run({ maxItems: 1 }, [1, 2])).toEqual({ message: 'atrium.validation.too_many', args: { max: 1 } });
    expect(run({ minItems: 1 }, [])).toEqual({ message: 'atrium.validation.too_few', args: { min: 1 } });
    expect(run({ items: { maxLength: 2 } }, ['ok', 'long'])).toEqual({
      message: 'atrium.validation.too_long',
      args: { max: 2 },
    });
    expect(run({ presence: 'required', maxLength: 3, minimum: 1 }, 'ok')).toBeUndefined();
  });

  it("take a form's own wording for a rule", () => {
    const v = makeValidators({ key: { pattern: '^[a-z]+$' } }, { key: { pattern: 'atrium.admin.configs.key_rule' } });
    expect(v.key[0]!('A', {}, {})).toEqual({
      message: 'atrium.admin.configs.key_rule',
      args: { pattern: /^[a-z]+$/u },
    });
  });

  it('check plain forms too, translated, for the fields they hold', () => {
    const v = makeValidators({ name: { presence: 'required', maxLength: 3 }, city: { maxLength: 2 } });
    const translate = (key: string, options?: Record<string, unknown>) =>
      `${key}${options ? JSON.stringify(options) : ''}`;
    expect(checkValues(v, { name: 'abcd' }, translate)).toEqual({ name: 'atrium.validation.too_long{"max":3}' });
    expect(checkValues(v, { name: '', city: 'ok' }, translate)).toEqual({ name: 'atrium.validation.required' });
  });

  it('have every message in ru, en and de', () => {
    const keys = new Set<string>();
    for (const fields of Object.values(contractRules)) {
      for (const rule of Object.values(fields) as FieldRule[]) {
        // Values that break each rule, so that every validator speaks once.
        for (const value of [
          '',
          'x'.repeat(600000),
          'Ä!',
          -1e12,
          1e12,
          1.5,
          Array(2000).fill('x'),
          ['x'.repeat(600000)],
          [],
        ]) {
          for (const v of ruleValidators(rule)) {
            const error = v(value, {}, {});
            if (typeof error === 'string') keys.add(error);
            else if (error && 'message' in error) keys.add(error.message);
          }
        }
      }
    }
    expect(keys.size).toBeGreaterThan(5);
    const lookup = (tree: unknown, key: string) =>
      key.split('.').reduce<unknown>((t, k) => (t as Record<string, unknown> | undefined)?.[k], tree);
    for (const key of keys)
      for (const [lang, cat] of Object.entries({ en, ru, de }))
        expect(typeof lookup(cat, key), `${lang}: ${key}`).toBe('string');
  });
});
