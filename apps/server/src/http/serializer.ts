import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/**
 * The response serializer: every answer is checked against its route's zod schema (unknown keys are
 * stripped, so a field a schema does not name never leaks) and then written as JSON.
 *
 * fastify-type-provider-zod checks with `z.safeEncode`, the direction that is right for codecs. zod runs an
 * encode as two passes (a canary without checks, then the real one) and without its compiled fast path for
 * objects, about ten times the cost of `safeParse`; on a small answer that was a sixth of the request. For a
 * schema with nothing that depends on the direction (see `isDirectionNeutral`) both give the same value, so
 * those are checked with `safeParse`; any other schema keeps `safeEncode`.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({
  schema: maybeSchema,
  method,
  url,
}) => {
  const schema = resolveSchema(maybeSchema);
  const check = isDirectionNeutral(schema)
    ? (data: unknown) => schema.safeParse(data)
    : (data: unknown) => z.safeEncode(schema, data);
  return (data: unknown) => {
    const result = check(data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

function resolveSchema(maybeSchema: unknown): z.ZodType {
  if (maybeSchema instanceof $ZodType) return maybeSchema as z.ZodType;
  const properties = (maybeSchema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties as z.ZodType;
  throw new Error(`a response schema must be a zod schema: ${JSON.stringify(maybeSchema)}`);
}

interface Def {
  type: string;
  coerce?: boolean;
  checks?: ReadonlyArray<{ _zod: { def: { check: string } } }>;
  [key: string]: unknown;
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

// Types whose value is the same whichever way it is read: leaves and plain containers.
const LEAVES = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'symbol',
  'null',
  'undefined',
  'void',
  'never',
  'any',
  'unknown',
  'date',
  'nan',
  'enum',
  'literal',
  'template_literal',
  'custom',
]);

/**
 * Whether parsing and encoding a value with this schema give the same result: no transform, pipe (codecs
 * are pipes), default, prefault, catch or coercion anywhere in it, and no check that rewrites the value
 * (`trim`, `toLowerCase`: zod's "overwrite" checks). Anything unknown counts as direction-dependent.
 */
export function isDirectionNeutral(schema: unknown, seen: Set<unknown> = new Set()): boolean {
  if (seen.has(schema)) return true; // a recursive schema (z.lazy) is judged by its other parts
  seen.add(schema);
  const def = defOf(schema);
  if (def.coerce) return false;
  if (def.checks?.some((c) => c._zod.def.check === 'overwrite')) return false;
  const all = (children: ReadonlyArray<unknown>) =>
    children.every((child) => isDirectionNeutral(child, seen));
  if (LEAVES.has(def.type)) return true;
  switch (def.type) {
    case 'object':
      return (
        all(Object.values(def.shape as Record<string, unknown>)) && (!def.catchall || all([def.catchall]))
      );
    case 'array':
      return all([def.element]);
    case 'tuple':
      return all(def.items as unknown[]) && (!def.rest || all([def.rest]));
    case 'union':
      return all(def.options as unknown[]);
    case 'intersection':
      return all([def.left, def.right]);
    case 'record':
      return all([def.keyType, def.valueType]);
    case 'optional':
    case 'nullable':
    case 'nonoptional':
    case 'readonly':
      return all([def.innerType]);
    case 'lazy':
      return all([(def.getter as () => unknown)()]);
    default:
      return false;
  }
}
