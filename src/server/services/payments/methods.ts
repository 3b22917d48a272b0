import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { PaymentMethodKind } from '../../db/schema';
import { FieldErrors } from '../../errors';
import { catalogues, t, type Lang, type MessageKey } from '../../i18n';
import { rowsOf, type Executor } from './common';

export type MethodRow = {
  id: number;
  code: string;
  name: string;
  kind: PaymentMethodKind;
  instructions: string;
  logo: string | null;
};

type BuiltInTexts = { names: Record<string, string>; hints: Record<string, string> };
const PREFIX = 'payment_method_';
const SUFFIX = '_instructions';

// Per language, the catalogue's names and instructions of the built-in method codes (by code).
const builtIn = new Map<Lang, { texts: BuiltInTexts; json: string }>();
function builtInTexts(lang: Lang) {
  let entry = builtIn.get(lang);
  if (!entry) {
    const texts: BuiltInTexts = {
      names: Object.create(null) as Record<string, string>,
      hints: Object.create(null) as Record<string, string>,
    };
    for (const key of Object.keys(catalogues.en) as MessageKey[]) {
      if (!key.startsWith(PREFIX)) continue;
      texts.names[key.slice(PREFIX.length)] = t(lang, key);
      if (key.endsWith(SUFFIX)) texts.hints[key.slice(PREFIX.length, -SUFFIX.length)] = t(lang, key);
    }
    entry = { texts, json: JSON.stringify(texts) };
    builtIn.set(lang, entry);
  }
  return entry;
}

/**
 * The built-in texts of one language as JSON `{names, hints}` by code, for answers PostgreSQL writes:
 * `coalesce(t->'names'->>code, name)`, and the hint for instructions that are not empty.
 */
export const builtInMethodTextsJson = (lang: Lang): string => builtInTexts(lang).json;

/** The name of a method code that has no row (a donation recorded by staff): the catalogue's, else the code. */
export const builtInMethodName = (lang: Lang, code: string): string => builtInTexts(lang).texts.names[code] ?? code;

/** A method as the API shows it: the name and instructions of the built-in codes are translated. */
export function methodView(lang: Lang, m: MethodRow) {
  const { names, hints } = builtInTexts(lang).texts;
  return {
    id: m.id,
    name: names[m.code] ?? m.name,
    kind: m.kind,
    instructions: m.instructions ? (hints[m.code] ?? m.instructions) : m.instructions,
    logo: m.logo,
  };
}

export async function listPaymentMethods(ctx: AppContext, lang: Lang) {
  const rows = await rowsOf<MethodRow>(
    ctx.db,
    sql`select id, code, name, kind, instructions, logo from payment_methods where is_active order by "order", id`,
  );
  return rows.map((m) => methodView(lang, m));
}

/** An active method of the given kind by id (or code), else the field error 'Please, select payment method'. */
export async function activeMethod(
  db: Executor,
  ref: number | string | undefined | null,
  kind: PaymentMethodKind,
  field = 'payment_method',
): Promise<MethodRow> {
  const id = typeof ref === 'number' ? ref : typeof ref === 'string' && /^\d{1,9}$/.test(ref) ? Number(ref) : null;
  const code = typeof ref === 'string' && id === null ? ref : null;
  if (id === null && code === null) throw FieldErrors.of(field, 'payment_method_invalid');
  const [m] = await rowsOf<MethodRow>(
    db,
    sql`select id, code, name, kind, instructions, logo from payment_methods
      where is_active and kind = ${kind} and ${id !== null ? sql`id = ${id}` : sql`code = ${code}`}`,
  );
  if (!m) throw FieldErrors.of(field, 'payment_method_invalid');
  return m;
}

/** The first active online method (the default for purchases that name none). */
export async function defaultOnlineMethod(db: Executor): Promise<MethodRow> {
  const [m] = await rowsOf<MethodRow>(
    db,
    sql`select id, code, name, kind, instructions, logo from payment_methods where is_active and kind = 'online' order by "order", id limit 1`,
  );
  if (!m) throw FieldErrors.of('payment_method', 'payment_method_invalid');
  return m;
}
