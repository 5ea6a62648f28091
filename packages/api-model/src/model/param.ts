import { z } from 'zod';
import { DocLimits as L, ModelMessages as M, PARAM_TYPES, type ParamType, RowDefaults } from './constants.ts';
import { flag, limitMessage, line, looseText, optionalId, requiredLine, text } from './fields.ts';
import { buildParamTree } from './param-tree.ts';

/** One parameter row of a doc, with its children (objects and arrays of objects). */
export interface ParamRow {
  /** Stable within the doc: the diff follows a row through renames by it. Empty on rows not saved yet. */
  id: string;
  name: string;
  type: ParamType;
  required: boolean;
  /** Text, as Torna keeps it: `64`, `-`, `1-20`. */
  maxLength: string;
  example: string;
  /** HTML allowed (sanitized by the server), as in Torna. */
  description: string;
  /** Linked dictionary (enum) of the module, or empty. */
  enumId: string;
  /** Values of an `enum` row without a dictionary, e.g. `RED,GREEN`. */
  enumContent: string;
  children: ParamRow[];
}

/** A row as clients send it: flags as booleans or 0/1, numbers where text is expected, Torna's extra fields. */
export interface ParamRowInput {
  id?: string | number | undefined;
  name: string;
  type?: string | undefined;
  required?: boolean | 0 | 1 | '0' | '1' | 'true' | 'false' | undefined;
  maxLength?: string | number | boolean | undefined;
  example?: string | number | boolean | undefined;
  description?: string | undefined;
  enumId?: string | number | undefined;
  enumContent?: string | undefined;
  /** Torna's flat form: the id of the parent row in the same table ("" or 0 for top level). */
  parentId?: string | number | undefined;
  /** Torna's way to delete a row on save: the row and its children are dropped. */
  isDeleted?: boolean | 0 | 1 | '0' | '1' | 'true' | 'false' | undefined;
  children?: ParamRowInput[] | undefined;
}

/** A row after field validation, before the tree is assembled. */
export interface ParsedParamRow extends Omit<ParamRow, 'children'> {
  parentId: string;
  isDeleted: boolean;
  children: ParsedParamRow[];
}

/** A parameter type: one of the spec's types, case-insensitive ("String" is "string"). */
export const ParamTypeSchema = z
  .string({ error: limitMessage(M.paramType, PARAM_TYPES.join(', ')) })
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.enum(PARAM_TYPES, { error: limitMessage(M.paramType, PARAM_TYPES.join(', ')) }));

/** One row's fields; children recurse. Names are any printable text here; the editor rules narrow them. */
export const ParamRowInputSchema: z.ZodType<ParsedParamRow, ParamRowInput> = z.object({
  id: optionalId.default(''),
  name: requiredLine(L.paramNameMax),
  type: ParamTypeSchema.default('string'),
  required: flag.default(RowDefaults.required === 1),
  maxLength: looseText(L.maxLengthMax).default(String(RowDefaults.maxLength)),
  example: looseText(L.paramExampleMax).default(''),
  description: text(L.paramDescriptionMax).default(''),
  enumId: optionalId.default(''),
  enumContent: text(L.paramExampleMax).default(''),
  parentId: optionalId.default(''),
  isDeleted: flag.default(false),
  get children() {
    return z.array(ParamRowInputSchema, { error: M.invalid }).default([]);
  },
});

/**
 * A param table: rows nested by `children`, or flat with `parentId` (Torna's detail form), or both. The
 * result is always a tree; a parent that is missing, a cycle of parents or nesting deeper than the limit is
 * an issue on the row.
 */
export const ParamListSchema = z
  .array(ParamRowInputSchema, { error: M.invalid })
  .max(L.rowsMax, { error: limitMessage(M.rowsMax, L.rowsMax) })
  .transform((rows, ctx): ParamRow[] => {
    const result = buildParamTree(rows);
    if (result.ok) return result.rows;
    for (const issue of result.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });

/** One error code of a doc, a module or a project. */
export interface ErrorCodeRow {
  id: string;
  code: string;
  description: string;
  solution: string;
}

/** Error-code fields, also under Torna's names: `name`/`msg` for the code/description, `example` for the solution. */
export const ErrorCodeSchema = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
    const row = raw as Record<string, unknown>;
    return {
      id: row.id,
      code: row.code ?? row.name,
      description: row.description ?? row.msg,
      solution: row.solution ?? row.example,
    };
  },
  z.object({
    id: optionalId.default(''),
    code: requiredLine(L.paramNameMax),
    description: text(L.paramDescriptionMax).default(''),
    solution: text(L.paramDescriptionMax).default(''),
  }),
);

export const ErrorCodeListSchema = z
  .array(ErrorCodeSchema, { error: M.invalid })
  .max(L.rowsMax, { error: limitMessage(M.rowsMax, L.rowsMax) });

/** Dubbo service facts of a Dubbo doc or folder (Torna keeps them on the folder). */
export const DubboInfoSchema = z.object({
  interfaceName: line(L.dubboFieldMax).default(''),
  version: line(L.dubboFieldMax).default(''),
  protocol: line(L.dubboFieldMax).default(''),
  author: line(L.dubboFieldMax).default(''),
  dependency: text(L.dubboFieldMax * 16).default(''),
});
export type DubboInfo = z.infer<typeof DubboInfoSchema>;
