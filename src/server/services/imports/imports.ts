import { Readable } from 'node:stream';
import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context';
import { isTimeZone } from '../time-zones';
import { importMappings, tags, userImports, userImportWarnings, users, type ImportStatus } from '../../db/schema';
import { DomainError, FieldErrors, notFound, permissionDenied } from '../../errors';
import { UploadRejected } from '../../integrations/storage';
import { t, type Lang, type MessageKey } from '../../i18n';
import { pageOf, pageWindow, type PageQuery } from '../paging';
import { isAdmin, staffTarget, type Caller, type Tx } from '../staff/access';
import { brief } from '../users';
import { tagLabel } from '../team/structure-columns';
import { csvRows, detectFormat, type CsvFormat } from './csv';
import { IMPORT_FIELDS, type ImportField } from '../../../api/importFields';
import { columnsKey, suggestMapping } from './suggest';
import { IMPORT_QUEUE } from './run';
import { one } from '../../db/rows';
import type { SchemaImportStartRequest, SchemaLanguage } from '../../../api/schema';

const MAX_FILE_BYTES = 20 * 1024 * 1024;
const MAX_ROWS = 100_000;
const WARNINGS_SHOWN = 100;

type Row = typeof userImports.$inferSelect;

/** Text only: a NUL byte in the first bytes means a binary file, whatever its name says. */
const sniffText = (head: Buffer) => (head.length && !head.includes(0) ? 'csv' : null);

/** Parameters of an entry's message keys, by key. */
type Params = Record<string, Record<string, string | number>>;

/** An entry's reason: a message key, or several joined by commas (a row imported with notes), translated. */
const reasonText = (lang: Lang, reason: string, params: Params | null) =>
  reason
    .split(',')
    .map((key) => t(lang, key as MessageKey, params?.[key]))
    .join('; ');

async function views(ctx: AppContext, rows: Row[], lang: Lang) {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const people = [
    ...new Set(rows.flatMap((r) => [r.consultantId, r.createdById]).filter((x): x is number => x !== null)),
  ];
  const tagIds = [...new Set(rows.map((r) => r.tagId).filter((x): x is number => x !== null))];
  const [warnings, persons, tagRows] = await Promise.all([
    // The first warnings of each import, by row (the primary key orders them).
    ctx.db.execute<{ import_id: number; row: number; reason: string; params: Params | null; skipped: boolean }>(sql`
      select w.import_id, w.row, w.reason, w.params, w.skipped from unnest(${sql.raw(`array[${ids.join(',')}]::int[]`)}) i(id)
      cross join lateral (select * from ${userImportWarnings} w where w.import_id = i.id order by w.row limit ${WARNINGS_SHOWN}) w`),
    people.length ? ctx.db.select().from(users).where(inArray(users.id, people)) : Promise.resolve([]),
    tagIds.length
      ? ctx.db.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(tags.id, tagIds))
      : Promise.resolve([]),
  ]);
  const byPerson = new Map(persons.map((p) => [p.id, brief(p)]));
  const byTag = new Map(tagRows.map((x) => [x.id, { ...x, name: tagLabel(lang, x.name) }]));
  const byImport = new Map<number, { row: number; reason: string; skipped: boolean }[]>();
  for (const w of warnings.rows) {
    const list = byImport.get(w.import_id) ?? [];
    list.push({ row: w.row, reason: reasonText(lang, w.reason, w.params), skipped: w.skipped });
    byImport.set(w.import_id, list);
  }
  return rows.map((r) => ({
    id: r.id,
    file_name: r.fileName,
    status: r.status,
    total: r.total,
    success: r.success,
    skipped: r.skipped,
    warnings: byImport.get(r.id) ?? [],
    warnings_count: r.warningsCount,
    progress:
      r.status === 'completed'
        ? 100
        : r.total
          ? Math.min(100, Math.floor(((r.success + r.skipped) / r.total) * 100))
          : 0,
    consultant: r.consultantId ? (byPerson.get(r.consultantId) ?? null) : null,
    tag: r.tagId ? (byTag.get(r.tagId) ?? null) : null,
    mapping: r.status === 'uploaded' ? null : (r.mapping as Record<string, ImportField> | null),
    default_region: r.defaultRegion || null,
    time_zone: r.timeZone,
    default_country: r.defaultCountry || null,
    language: r.language as SchemaLanguage | null,
    send_invitations: r.sendInvitations,
    created_by: r.createdById ? (byPerson.get(r.createdById) ?? null) : null,
    created_at: r.createdAt.toISOString(),
    started_at: r.startedAt?.toISOString() ?? null,
    finished_at: r.finishedAt?.toISOString() ?? null,
  }));
}

const ORDERABLE: Partial<Record<string, AnyColumn>> = {
  created_at: userImports.createdAt,
  id: userImports.id,
  file_name: userImports.fileName,
  status: userImports.status,
};

/** Consultants see the imports they made; admins all. */
export async function listUserImports(
  ctx: AppContext,
  caller: Caller,
  q: PageQuery & { ordering?: string; status?: ImportStatus },
  lang: Lang,
) {
  const win = pageWindow(q);
  const own = isAdmin(caller) ? undefined : eq(userImports.createdById, caller.id);
  const filters = [own, q.status ? eq(userImports.status, q.status) : undefined].filter(Boolean) as SQL[];
  const where = filters.length ? and(...filters) : undefined;
  const col = ORDERABLE[q.ordering?.replace(/^-/, '') ?? 'created_at'] ?? userImports.createdAt;
  const dir = q.ordering && !q.ordering.startsWith('-') ? asc : desc;
  const [rows, countedRows, totalRows] = await Promise.all([
    ctx.db
      .select()
      .from(userImports)
      .where(where)
      .orderBy(dir(col), dir(userImports.id))
      .limit(win.limit)
      .offset(win.offset),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(userImports)
      .where(where),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(userImports)
      .where(own),
  ]);
  return pageOf(await views(ctx, rows, lang), one(countedRows).n, one(totalRows).n, win, q);
}

/** Streams an uploaded .csv to a private folder under a generated name; refuses binary or oversized files. */
export async function storeImportFile(
  ctx: AppContext,
  source: Readable,
  fileName: string,
): Promise<{ url: string; fileName: string }> {
  if (!/\.csv$/i.test(fileName)) {
    source.resume();
    throw FieldErrors.of('file', 'import_file_invalid');
  }
  try {
    const saved = await ctx.storage.saveStream('documents/imports', source, {
      maxBytes: MAX_FILE_BYTES,
      sniff: sniffText,
    });
    return { url: saved.url, fileName };
  } catch (err) {
    if (err instanceof UploadRejected)
      throw FieldErrors.of('file', err.reason === 'too_large' ? 'import_file_too_large' : 'import_file_invalid');
    throw err;
  }
}

export type SaveInput = { stored: { url: string; fileName: string }; consultantId?: number; tagId?: number };

/**
 * Reads the stored file once for its encoding, separator, header, row count and preview, and
 * records the import as uploaded. A refused file is removed again.
 */
export async function saveUserImport(ctx: AppContext, caller: Caller, input: SaveInput, lang: Lang) {
  const stored = input.stored;
  const file = () => ctx.storage.read(stored.url);
  try {
    const format = await detectFormat(file);
    let columns: string[] | null = null;
    const preview: string[][] = [];
    let total = 0;
    for await (const { cells } of csvRows(file, format)) {
      if (!columns) {
        columns = cells.map((c) => c.trim());
        continue;
      }
      total++;
      if (total > MAX_ROWS) throw FieldErrors.of('file', 'import_file_too_large');
      if (preview.length < 10) preview.push(cells);
    }
    if (!columns?.some(Boolean)) throw FieldErrors.of('file', 'import_file_invalid');
    const saved = await ctx.db.transaction(async (tx) => {
      const consultant = input.consultantId ? await staffTarget(tx, caller, input.consultantId, 'consultant_id') : null;
      if (input.tagId && !(await tagExists(tx, input.tagId))) throw FieldErrors.of('tag_id', 'select_tag');
      const row = one(
        await tx
          .insert(userImports)
          .values({
            createdById: caller.id,
            consultantId: consultant?.id ?? null,
            tagId: input.tagId ?? null,
            fileName: stored.fileName.slice(0, 255),
            fileUrl: stored.url,
            encoding: format.encoding,
            delimiter: format.delimiter,
            columns: columns,
            previewRows: preview,
            total,
          })
          .returning(),
      );
      return row;
    });
    return await withPreview(ctx, saved, lang);
  } catch (err) {
    await ctx.storage.remove(stored.url);
    if (err instanceof FieldErrors || err instanceof DomainError || (err as { statusCode?: number }).statusCode)
      throw err;
    throw FieldErrors.of('file', 'import_file_invalid');
  }
}

/** The import's view with the preview of its file (as stored at the upload) and the mapping to offer. */
async function withPreview(ctx: AppContext, imp: Row, lang: Lang) {
  const [view, remembered] = await Promise.all([views(ctx, [imp], lang), savedMapping(ctx, imp.columns)]);
  return {
    ...one(view),
    preview: {
      columns: imp.columns,
      rows: imp.previewRows,
      suggested_mapping: remembered ?? suggestMapping(imp.columns),
      mapping_saved: remembered !== null,
    },
  };
}

/**
 * One import with its preview: an upload never started is continued from the list (the mapping step opens
 * again), which needs what the upload answered with. The creator's or, for an admin, anyone's.
 */
export async function getUserImport(ctx: AppContext, caller: Caller, id: number, lang: Lang) {
  const [imp] = await ctx.db.select().from(userImports).where(eq(userImports.id, id));
  if (!imp) throw notFound();
  if (!isAdmin(caller) && imp.createdById !== caller.id) throw permissionDenied();
  return withPreview(ctx, imp, lang);
}

/** The mapping last started for a file with this header, when it still fits the header. */
async function savedMapping(ctx: AppContext, columns: string[]): Promise<Record<string, ImportField> | null> {
  const [row] = await ctx.db
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(eq(importMappings.columnsKey, columnsKey(columns)));
  if (!row) return null;
  const fits = Object.entries(row.mapping).every(
    ([c, f]) => columns.includes(c) && (IMPORT_FIELDS as readonly string[]).includes(f),
  );
  return fits ? (row.mapping as Record<string, ImportField>) : null;
}

/** The importer's own country: the default region of an import that names none. */
async function importerCountry(tx: Tx, id: number): Promise<string> {
  const [me] = await tx.select({ country: users.country }).from(users).where(eq(users.id, id));
  return me?.country ?? '';
}

async function tagExists(tx: Tx, id: number) {
  return (await tx.select({ id: tags.id }).from(tags).where(eq(tags.id, id))).length > 0;
}

function checkMapping(columns: string[], mapping: Record<string, string>) {
  const fields = Object.values(mapping);
  const unknown = Object.keys(mapping).find((c) => !columns.includes(c));
  if (unknown !== undefined)
    throw new FieldErrors({ mapping: [{ key: 'import_mapping_unknown_column', params: { column: unknown } }] });
  if (fields.some((f) => !(IMPORT_FIELDS as readonly string[]).includes(f)))
    throw FieldErrors.of('mapping', 'field_invalid');
  // Any number of columns may be other phones (Google's Phone 1…3, Outlook's Business/Home/Mobile…); every other field once.
  const once = fields.filter((f) => f !== 'phone_other');
  if (new Set(once).size !== once.length) throw FieldErrors.of('mapping', 'import_mapping_repeated');
  if (!fields.includes('email') && !fields.includes('phone'))
    throw FieldErrors.of('mapping', 'import_mapping_needs_contact');
  if (!fields.includes('full_name') && (!fields.includes('first_name') || !fields.includes('last_name')))
    throw FieldErrors.of('mapping', 'import_name_required');
}

/**
 * Queues an uploaded (or failed) import. The status moves by one conditional UPDATE, so two starts
 * at once queue one run; the job is enqueued in the same transaction.
 */
export async function startUserImport(
  ctx: AppContext,
  caller: Caller & Pick<AuthUser, 'timeZone' | 'language'>,
  input: SchemaImportStartRequest,
  lang: Lang,
) {
  const started = await ctx.db.transaction(async (tx) => {
    const [imp] = await tx.select().from(userImports).where(eq(userImports.id, input.import_id));
    if (!imp) throw notFound();
    if (!isAdmin(caller) && imp.createdById !== caller.id) throw permissionDenied();
    const errors: Record<string, MessageKey[]> = {};
    const tagId = input.tag_id;
    if (!tagId || !(await tagExists(tx, tagId))) errors.tag_id = ['select_tag'];
    if (!input.consultant_id) errors.consultant_id = ['select_consultant'];
    if (Object.keys(errors).length || !tagId) throw new FieldErrors(errors);
    const consultant = await staffTarget(tx, caller, input.consultant_id, 'consultant_id');
    checkMapping(imp.columns, input.mapping);
    const defaultRegion = input.default_region ?? (await importerCountry(tx, caller.id));
    // The zone of imported people whose row names none: the one chosen on the import, else the importer's.
    const timeZone = input.time_zone ?? caller.timeZone;
    if (!isTimeZone(timeZone)) throw FieldErrors.of('time_zone', 'time_zone_invalid');
    // The next file with this header is offered the same mapping.
    await tx
      .insert(importMappings)
      .values({ columnsKey: columnsKey(imp.columns), mapping: input.mapping, savedById: caller.id })
      .onConflictDoUpdate({
        target: importMappings.columnsKey,
        set: { mapping: input.mapping, savedById: caller.id, updatedAt: sql`now()` },
      });
    const [row] = await tx
      .update(userImports)
      .set({
        status: 'mapped',
        mapping: input.mapping,
        consultantId: consultant.id,
        tagId,
        defaultRegion,
        timeZone,
        defaultCountry: input.default_country ?? '',
        language: input.language ?? caller.language,
        sendInvitations: input.send_invitations ?? false,
        finishedAt: null,
      })
      .where(and(eq(userImports.id, imp.id), inArray(userImports.status, ['uploaded', 'failed'])))
      .returning();
    if (!row) throw FieldErrors.of('non_field_errors', 'import_not_startable');
    // The history gets the import's one entry, with its counts, when the run ends (run.ts).
    await ctx.jobs.sendInTx(tx, IMPORT_QUEUE, { importId: imp.id });
    return row;
  });
  const view = one(await views(ctx, [started], lang));
  return view;
}

/** A CSV cell: quoted when it must be; one that would start a formula gets a leading quote (a phone number does not). */
function csvCell(value: string, delimiter: string): string {
  const v = /^[=+\-@\t\r]/.test(value) && !/^[+-][\d\s()./-]*$/.test(value) ? `'${value}` : value;
  return v.includes(delimiter) || /["\r\n]/.test(v) || v !== v.trim() ? `"${v.replace(/"/g, '""')}"` : v;
}

/**
 * The rows an import skipped, as a CSV Excel opens (UTF-8 with a BOM, the file's own separator):
 * its line and reason, then the row's fields as the file has them, under the file's header. The file
 * is read again, so the rows are exactly the uploaded ones; only the reasons are held in memory.
 */
export async function rejectedImportRows(ctx: AppContext, caller: Caller, importId: number, lang: Lang) {
  const [imp] = await ctx.db.select().from(userImports).where(eq(userImports.id, importId));
  if (!imp) throw notFound();
  if (!isAdmin(caller) && imp.createdById !== caller.id) throw permissionDenied();
  const skipped = await ctx.db
    .select({ row: userImportWarnings.row, reason: userImportWarnings.reason, params: userImportWarnings.params })
    .from(userImportWarnings)
    .where(and(eq(userImportWarnings.importId, imp.id), eq(userImportWarnings.skipped, true)));
  const reasons = new Map(skipped.map((w) => [w.row, reasonText(lang, w.reason, w.params)]));
  const file = () => ctx.storage.read(imp.fileUrl);
  const format = { encoding: imp.encoding, delimiter: imp.delimiter } as CsvFormat;
  const line = (cells: string[]) => `${cells.map((c) => csvCell(c, format.delimiter)).join(format.delimiter)}\r\n`;
  async function* text() {
    let out = '\ufeff';
    let header = true;
    for await (const { line: n, cells } of csvRows(file, format)) {
      if (header) {
        header = false;
        out += line([t(lang, 'import_rejected_line'), t(lang, 'import_rejected_reason'), ...cells]);
        if (!reasons.size) break;
        continue;
      }
      const reason = reasons.get(n);
      if (reason === undefined) continue;
      out += line([String(n), reason, ...cells]);
      if (out.length >= 64 * 1024) {
        yield out;
        out = '';
      }
    }
    yield out;
  }
  return Readable.from(text(), { objectMode: false });
}

/** Deletes an import never started, with its stored file. */
export async function deleteUserImport(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    const [imp] = await tx.select().from(userImports).where(eq(userImports.id, id));
    if (!imp) throw notFound();
    if (!isAdmin(caller) && imp.createdById !== caller.id) throw permissionDenied();
    const [row] = await tx
      .delete(userImports)
      .where(and(eq(userImports.id, id), eq(userImports.status, 'uploaded')))
      .returning({ fileUrl: userImports.fileUrl });
    if (!row) throw FieldErrors.of('non_field_errors', 'import_not_deletable');
    return row;
  });
  await ctx.storage.remove(removed.fileUrl).catch(() => undefined);
}
