import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isDirectionNeutral, serializerCompiler } from './serializer.ts';

const serializerOf = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/api/x', httpPart: 'response' }) as (
    data: unknown,
  ) => string;

describe('isDirectionNeutral', () => {
  it('accepts plain data shapes', () => {
    const Node: z.ZodType = z.lazy(() => z.object({ name: z.string(), children: z.array(Node) }));
    const schema = z.object({
      code: z.string(),
      count: z.number().int().min(0),
      kind: z.enum(['a', 'b']),
      tags: z.array(z.string()).optional(),
      extra: z.record(z.string(), z.union([z.literal(1), z.null()])).nullable(),
      pair: z.tuple([z.string(), z.boolean()]),
      tree: Node,
      email: z.email().refine((value) => value.includes('@')),
    });
    expect(isDirectionNeutral(schema)).toBe(true);
  });

  it('refuses anything that reads differently each way, however deep', () => {
    const inside = (schema: z.ZodType) => z.object({ data: z.array(z.object({ value: schema })) });
    expect(isDirectionNeutral(inside(z.string().transform((s) => s.length)))).toBe(false);
    expect(isDirectionNeutral(inside(z.string().default('x')))).toBe(false);
    expect(isDirectionNeutral(inside(z.string().prefault('x')))).toBe(false);
    expect(isDirectionNeutral(inside(z.string().catch('x')))).toBe(false);
    expect(isDirectionNeutral(inside(z.coerce.number()))).toBe(false);
    expect(isDirectionNeutral(inside(z.string().trim()))).toBe(false);
    expect(isDirectionNeutral(inside(z.string().pipe(z.string())))).toBe(false);
    expect(isDirectionNeutral(inside(z.iso.datetime().pipe(z.string())))).toBe(false);
    expect(isDirectionNeutral(inside(z.map(z.string(), z.string())))).toBe(false);
  });
});

describe('serializerCompiler', () => {
  const Perms = z.object({
    code: z.string(),
    data: z.object({ isSuperAdmin: z.boolean(), roleData: z.record(z.string(), z.enum(['guest', 'admin'])) }),
  });

  it('writes what the schema names and drops the rest, as an encode would', () => {
    const value = {
      code: '0',
      secret: 's',
      data: { isSuperAdmin: false, roleData: { 'space:1': 'guest' }, hash: 'h' },
    };
    const written = serializerOf(Perms)(value);
    expect(JSON.parse(written)).toEqual({
      code: '0',
      data: { isSuperAdmin: false, roleData: { 'space:1': 'guest' } },
    });
    expect(written).toBe(JSON.stringify(z.safeEncode(Perms, value as never).data));
  });

  it('keeps the encode direction for a schema that needs it', () => {
    const Amount = z.codec(z.string(), z.number(), {
      decode: (text) => Number(text),
      encode: (amount) => String(amount),
    });
    // A parse would refuse the number; the encode writes the codec's wire form.
    expect(JSON.parse(serializerOf(z.object({ amount: Amount }))({ amount: 5 }))).toEqual({ amount: '5' });
  });

  it('refuses an answer that does not match, with the error the error handler knows', () => {
    let thrown: unknown;
    try {
      serializerOf(Perms)({ code: '0', data: { isSuperAdmin: 'yes', roleData: {} } });
    } catch (error) {
      thrown = error;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
  });
});
