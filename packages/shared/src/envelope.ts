import { z } from 'zod';

/** The `{code, msg, data}` envelope every `/api` answer carries; `code` "0" is success. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.string(), msg: z.string(), data });
}

/**
 * Envelope of a failed call: `data` is null, the validation details, or what a code documents (a 409
 * `doc.stale` carries `DocStaleData`).
 */
export const ErrorEnvelope = z.object({
  code: z.string(),
  msg: z.string(),
  data: z.union([
    z.null(),
    z.object({ issues: z.array(z.object({ path: z.string(), message: z.string() })) }),
    z.record(z.string(), z.unknown()),
  ]),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** A call whose success carries no data. */
export const Empty = z.null();

/** Paged list in Torna's shape: `{list, total, pageIndex, pageSize}`. */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    pageIndex: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** Paging request fields. */
export const PageRequest = z.object({
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
