import { z } from 'zod';
import { optionalText, requiredText } from '../validation.ts';
import { defineCall } from './contract.ts';

/**
 * Backend management › Import from Torna (docs/torna-import.md): the super admin names a Torna database and
 * runs the same import as `quire import-torna`, as a job. The URL's password never comes back: jobs store the
 * URL sealed, and every answer and log line masks it.
 */
export const TornaImportRequest = z.object({
  /** `mysql://user:password@host:3306/torna` (or `mariadb://`). */
  url: requiredText(2048).regex(/^(mysql|mariadb):\/\/[^\s/]\S*$/i, { error: 'validation.torna_url' }),
  /** Torna's `torna.password.salt` property, for deployments that set it; else system_config, else Torna's default. */
  salt: optionalText(200).optional(),
});
export type TornaImportRequest = z.infer<typeof TornaImportRequest>;

/**
 * A text of the report as a key of the `tornaReport` language pack (`reason.soft_deleted`, `note.folder_missing`
 * …) with its arguments for `{0}`, `{1}` …: the page renders it in the reader's language, the command in English.
 */
export const TornaText = z.object({ key: z.string(), args: z.array(z.string()) });
export type TornaText = z.infer<typeof TornaText>;

/**
 * A note of the report. An argument is a text, or itself a message (what the note is about: `subject.doc`), or
 * messages (why a code template comes disabled: `velocity.*`), rendered first.
 */
export const TornaNote = z.object({
  key: z.string(),
  args: z.array(z.union([z.string(), TornaText, z.array(TornaText)])),
});
export type TornaNote = z.infer<typeof TornaNote>;

/** Why rows of a table were left out, and how many. */
export const TornaReason = TornaText.extend({ count: z.number().int() });
export type TornaReason = z.infer<typeof TornaReason>;

/**
 * A reason or a note as text: `translate` renders one key of `tornaReport` with its arguments (the web's i18next,
 * the server's language packs); messages given as arguments are rendered first, a list joined by `joiner`.
 */
export function tornaText(
  message: TornaNote,
  translate: (key: string, args: string[]) => string,
  joiner = '; ',
): string {
  const args = message.args.map((arg) =>
    typeof arg === 'string'
      ? arg
      : Array.isArray(arg)
        ? arg.map((part) => translate(part.key, part.args)).join(joiner)
        : translate(arg.key, arg.args),
  );
  return translate(message.key, args);
}

/*
 * A job's report is stored as it was answered (`jobs.result`). Reports written before reasons and notes became
 * keys held English sentences: `left` as { sentence: count }, notes as sentences. The schema still accepts
 * them (a union: the server's response schemas must stay plain JSON Schema, no transform), and
 * `tornaReasons`/`tornaNotes` read them as messages whose key is the sentence, which no pack knows, so they
 * show as they were written.
 */
const LegacyReasons = z.record(z.string(), z.number().int());

/** The reasons of a table report, those of a report stored in the older form included. */
export function tornaReasons(left: TornaTableReport['left']): TornaReason[] {
  return Array.isArray(left) ? left : Object.entries(left).map(([key, count]) => ({ key, args: [], count }));
}

/** The notes of a report, those of a report stored in the older form included. */
export function tornaNotes(notes: TornaImportReport['notes']): TornaNote[] {
  return notes.map((note) => (typeof note === 'string' ? { key: note, args: [] } : note));
}

/** What one Torna table came to in a run (modules/torna-import/torna-run.ts `TableReport`). */
export const TornaTableReport = z.object({
  table: z.string(),
  /** Rows in Torna, soft-deleted ones included. */
  torna: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  unchanged: z.number().int(),
  /** Why rows were left out, with how many (one entry per reason and arguments). */
  left: z.union([z.array(TornaReason), LegacyReasons]),
});
export type TornaTableReport = z.infer<typeof TornaTableReport>;

/** The report of a dry run or an import: Torna's side table by table, Quire's side as row counts per kind. */
export const TornaImportReport = z.object({
  dryRun: z.boolean(),
  /** `torna.version` of system_config (13100 for 1.31), or null when it has none. */
  version: z.number().int().nullable(),
  tables: z.array(TornaTableReport),
  /** Rows in Quire's main tables after the run (now, for a dry run), by table. */
  quire: z.record(z.string(), z.number().int()),
  /** Rows in Quire's main tables before the run. */
  quireBefore: z.record(z.string(), z.number().int()).optional(),
  /** What the import noted (at most 500), as messages. */
  notes: z.array(z.union([TornaNote, z.string()])),
  /** The database, its password masked (`mysql://user:***@host:3306/torna`). */
  source: z.string(),
  /** How long the run took, in milliseconds. */
  elapsedMs: z.number().int(),
});
export type TornaImportReport = z.infer<typeof TornaImportReport>;

/** The job a dry run or an import became; follow it with `GET /api/job/get`. */
export const TornaImportStarted = z.object({ jobId: z.string() });
export type TornaImportStarted = z.infer<typeof TornaImportStarted>;

/** `POST /api/admin/torna/dryRun`: what the import would bring, table by table; nothing is changed. */
export const adminTornaDryRun = defineCall({
  method: 'POST',
  path: '/api/admin/torna/dryRun',
  body: TornaImportRequest,
  response: TornaImportStarted,
  access: 'superAdmin',
});

/** `POST /api/admin/torna/import`: the import, in one transaction. */
export const adminTornaImport = defineCall({
  method: 'POST',
  path: '/api/admin/torna/import',
  body: TornaImportRequest,
  response: TornaImportStarted,
  access: 'superAdmin',
});
