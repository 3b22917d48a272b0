/**
 * Turns the contract's field limits (src/api/validators.ts, generated) into react-admin validators
 * with the catalogue's messages (atrium.validation.*, the server's wording: 'Please, fill this field',
 * 'This field cannot be empty', …). Forms use them as `validate={v.city}`; forms that are not
 * react-admin forms run them through `checkValues`.
 */
import {
  choices,
  email,
  maxLength,
  maxValue,
  minLength,
  minValue,
  number,
  required,
  type Validator,
} from 'react-admin';

export type FieldRule = {
  presence?: 'required' | 'not_empty';
  type?: string;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  email?: boolean;
  minimum?: number;
  maximum?: number;
  enum?: readonly (string | number)[];
  minItems?: number;
  maxItems?: number;
  items?: FieldRule;
};

export type RuleKind =
  | 'presence'
  | 'type'
  | 'minLength'
  | 'maxLength'
  | 'pattern'
  | 'email'
  | 'minimum'
  | 'maximum'
  | 'enum'
  | 'minItems'
  | 'maxItems'
  | 'items';

/** A form's own wording for some of its fields' rules, e.g. `{ key: { pattern: 'atrium.admin.configs.key_rule' } }`. */
export type Messages<F extends string> = Partial<Record<F, Partial<Record<RuleKind, string>>>>;
export type FieldValidators<F extends string> = Record<F, Validator[]>;

const M = (k: string) => `atrium.validation.${k}`;

const integer =
  (message: string): Validator =>
  (value) =>
    value === undefined || value === null || value === '' || Number.isInteger(Number(value)) ? undefined : message;

/** react-admin's `regex` (whose memoised type does not resolve), answering the same `{message, args: {pattern}}`. */
const matches =
  (pattern: RegExp, message: string): Validator =>
  (value) =>
    typeof value === 'string' && value !== '' && !pattern.test(value) ? { message, args: { pattern } } : undefined;

const itemCount =
  (kind: 'minItems' | 'maxItems', limit: number, message: string): Validator =>
  (value) => {
    if (!Array.isArray(value)) return undefined;
    const bad = kind === 'minItems' ? value.length < limit : value.length > limit;
    return bad ? { message, args: kind === 'minItems' ? { min: limit } : { max: limit } } : undefined;
  };

/** The validators of one field, in the order a person fixes them: presence, kind, length, form, range. */
export function ruleValidators(rule: FieldRule, messages: Partial<Record<RuleKind, string>> = {}): Validator[] {
  const out: Validator[] = [];
  if (rule.presence) out.push(required(messages.presence ?? M(rule.presence === 'required' ? 'required' : 'empty')));
  if (rule.type === 'integer') out.push(integer(messages.type ?? M('integer')));
  else if (rule.type === 'number') out.push(number(messages.type ?? M('number')));
  if (rule.minLength !== undefined) out.push(minLength(rule.minLength, messages.minLength ?? M('too_short')));
  if (rule.maxLength !== undefined) out.push(maxLength(rule.maxLength, messages.maxLength ?? M('too_long')));
  if (rule.email) out.push(email(messages.email ?? M('email')));
  if (rule.pattern !== undefined) out.push(matches(new RegExp(rule.pattern, 'u'), messages.pattern ?? M('pattern')));
  if (rule.minimum !== undefined) out.push(minValue(rule.minimum, messages.minimum ?? M('min_value')));
  if (rule.maximum !== undefined) out.push(maxValue(rule.maximum, messages.maximum ?? M('max_value')));
  if (rule.enum) out.push(choices([...rule.enum], messages.enum ?? M('choice')));
  if (rule.minItems !== undefined) out.push(itemCount('minItems', rule.minItems, messages.minItems ?? M('too_few')));
  if (rule.maxItems !== undefined) out.push(itemCount('maxItems', rule.maxItems, messages.maxItems ?? M('too_many')));
  if (rule.items) {
    const each = ruleValidators(
      rule.items,
      messages.items ? { maxLength: messages.items, minLength: messages.items, pattern: messages.items } : {},
    );
    out.push((value, values, props) => {
      if (!Array.isArray(value)) return undefined;
      for (const item of value) {
        for (const v of each) {
          const error = v(item, values, props);
          if (error) return error;
        }
      }
      return undefined;
    });
  }
  return out;
}

// The same object for the same schema and messages: react-admin re-validates when `validate` changes.
const cache = new WeakMap<object, Map<string, Record<string, Validator[]>>>();

export function makeValidators<F extends string>(
  rules: Readonly<Record<F, FieldRule>>,
  messages?: Messages<F>,
): FieldValidators<F> {
  let bySchema = cache.get(rules);
  if (!bySchema) cache.set(rules, (bySchema = new Map<string, Record<string, Validator[]>>()));
  const id = JSON.stringify(messages ?? {});
  const hit = bySchema.get(id);
  if (hit) return hit as FieldValidators<F>;
  const out = {} as Record<string, Validator[]>;
  for (const [field, rule] of Object.entries(rules) as [F, FieldRule][])
    out[field] = ruleValidators(rule, messages?.[field]);
  bySchema.set(id, out);
  return out as FieldValidators<F>;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * For forms built without react-admin's <Form>: the first message of each field whose value breaks a
 * rule, translated. Only the fields present in `values` are checked (the form's own fields).
 */
export function checkValues<F extends string>(
  validators: Partial<FieldValidators<F>>,
  values: Partial<Record<F, unknown>>,
  translate: Translate,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of Object.keys(values) as F[]) {
    for (const v of validators[field] ?? []) {
      const error = v(values[field], values, {});
      if (!error || error instanceof Promise) continue;
      errors[field] = typeof error === 'string' ? translate(error) : translate(error.message, error.args);
      break;
    }
  }
  return errors;
}

/** For what a form needs beyond the contract (one of two fields, a UI-only choice): the catalogue's 'Please, fill this field'. */
export const requiredValue = required(M('required'));
