import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { tags } from './crm';
import { tstz, users } from './core';

export const IMPORT_STATUSES = ['uploaded', 'mapped', 'running', 'completed', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/**
 * A CSV file of users: uploaded (saved with a preview), then started with a mapping. Which rows are
 * done is kept in `user_import_batches`; `cursor` is only the furthest committed line.
 */
export const userImports = pgTable(
  'user_imports',
  {
    id: serial('id').primaryKey(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    consultantId: integer('consultant_id').references(() => users.id, { onDelete: 'set null' }),
    tagId: integer('tag_id').references(() => tags.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    /** The stored file (a /media/imports/... URL of the storage). */
    fileUrl: text('file_url').notNull(),
    encoding: text('encoding').notNull().default('utf-8'),
    delimiter: text('delimiter').notNull().default(','),
    columns: jsonb('columns').$type<string[]>().notNull().default([]),
    previewRows: jsonb('preview_rows').$type<string[][]>().notNull().default([]),
    mapping: jsonb('mapping').$type<Record<string, string>>(),
    /** ISO alpha-2: the region of phones without a country code in rows without a country ('' none). */
    defaultRegion: text('default_region').notNull().default(''),
    /** The zone given to imported people whose row names none (the importer's unless chosen); null until started. */
    timeZone: text('time_zone'),
    /** ISO alpha-2: the country of imported people whose row names none ('' none). */
    defaultCountry: text('default_country').notNull().default(''),
    /** The language of imported people whose row names none (the importer's unless chosen); null until started. */
    language: text('language'),
    /** Whether each imported person with an email gets an invitation (user_import_invitations, sent a few at a time). */
    sendInvitations: boolean('send_invitations').notNull().default(false),
    status: text('status').$type<ImportStatus>().notNull().default('uploaded'),
    total: integer('total').notNull().default(0),
    success: integer('success').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    warningsCount: integer('warnings_count').notNull().default(0),
    cursor: integer('cursor').notNull().default(1),
    error: text('error'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    startedAt: tstz('started_at'),
    finishedAt: tstz('finished_at'),
    heartbeatAt: tstz('heartbeat_at'),
  },
  (t) => [
    index('user_imports_created_idx').on(t.createdById, t.createdAt.desc()),
    index('user_imports_status_idx')
      .on(t.status)
      .where(sql`${t.status} in ('mapped', 'running')`),
    check('user_imports_status_check', sql`${t.status} in ('uploaded', 'mapped', 'running', 'completed', 'failed')`),
  ],
);

/**
 * One row's warning: why it was skipped (a message key), or the notes it was imported with (message
 * keys joined by commas); (import, row) is unique, so a re-run adds nothing twice.
 */
export const userImportWarnings = pgTable(
  'user_import_warnings',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => userImports.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    reason: text('reason').notNull(),
    /** The row was left out (else it was imported with these warnings). */
    skipped: boolean('skipped').notNull().default(true),
    /** Parameters of the reason's message keys, by key (the line a duplicate repeats, ...). */
    params: jsonb('params').$type<Record<string, Record<string, string | number>>>(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.row] })],
);

/**
 * A committed batch: CSV lines first_row..last_row, recorded in the same transaction as the users
 * they made, so a run that dies (or runs its batches side by side) resumes with exactly the rest.
 */
export const userImportBatches = pgTable(
  'user_import_batches',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => userImports.id, { onDelete: 'cascade' }),
    firstRow: integer('first_row').notNull(),
    lastRow: integer('last_row').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.firstRow] })],
);

/** A mapping chosen for a file, offered again for files with the same header (columns_key: the header's columns). */
export const importMappings = pgTable('import_mappings', {
  columnsKey: text('columns_key').primaryKey(),
  mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
  savedById: integer('saved_by_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** An imported person to invite (the import asked for it); sent_at once the invitation went out. */
export const userImportInvitations = pgTable(
  'user_import_invitations',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => userImports.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: tstz('sent_at'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.userId] }),
    index('user_import_invitations_pending_idx')
      .on(t.importId)
      .where(sql`${t.sentAt} is null`),
  ],
);
