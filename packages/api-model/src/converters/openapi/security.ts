/**
 * Security schemes -> the header or query parameters a caller sends, each marked with a note, so a reader
 * sees how to authenticate and the debugger has a row to fill. Only the first requirement of an operation
 * becomes rows; the others are named in a note.
 */
import type { ParamRow } from '../../model/param.ts';
import type { SpecContext } from './operation.ts';
import { isObject, type Json } from './refs.ts';
import { describe, type SchemaContext } from './schema-rows.ts';

export interface SecurityRows {
  header: ParamRow[];
  query: ParamRow[];
  notes: string[];
}

function row(
  name: string,
  example: string,
  note: string,
  description: unknown,
  ctx: SchemaContext,
): ParamRow {
  ctx.budget.left--;
  return {
    id: '',
    name,
    type: 'string',
    required: true,
    maxLength: '-',
    example,
    description: describe(description, [note]),
    enumId: '',
    enumContent: '',
    children: [],
  };
}

export function securityRows(op: Json, c: SpecContext, ctx: SchemaContext): SecurityRows {
  const out: SecurityRows = { header: [], query: [], notes: [] };
  const requirements = Array.isArray(op.security)
    ? op.security
    : Array.isArray(c.spec.security)
      ? c.spec.security
      : [];
  if (!requirements.length) return out;
  const schemes = (
    c.swagger2
      ? c.spec.securityDefinitions
      : isObject(c.spec.components)
        ? c.spec.components.securitySchemes
        : undefined
  ) as Json | undefined;
  const first = requirements.find(isObject);
  if (requirements.length > 1) {
    const names = requirements.filter(isObject).map((r) => Object.keys(r).join(' + ') || 'none');
    out.notes.push(`authentication: one of ${names.join(' | ')}; the first is shown as parameters`);
  }
  if (!first) return out;
  for (const name of Object.keys(first)) {
    if (!isObject(schemes) || schemes[name] === undefined) {
      // A requirement naming a scheme the description never defines (seen in real Swagger 2 files).
      c.warnings.add(`security scheme ${name} is used but not defined, not shown as a parameter`);
      continue;
    }
    const scheme = c.refs.resolve(schemes[name]).node;
    const type = String(scheme.type ?? '');
    const note = `security scheme ${name} (${type || 'unknown'})`;
    if (type === 'apiKey') {
      const key = typeof scheme.name === 'string' && scheme.name ? scheme.name : name;
      const at = String(scheme.in);
      if (at === 'query') out.query.push(row(key, '', note, scheme.description, ctx));
      else out.header.push(row(key, '', at === 'cookie' ? `${note}; cookie` : note, scheme.description, ctx));
    } else if (type === 'basic' || (type === 'http' && String(scheme.scheme).toLowerCase() === 'basic')) {
      out.header.push(row('Authorization', 'Basic <credentials>', note, scheme.description, ctx));
    } else if (type === 'http' || type === 'oauth2' || type === 'openIdConnect') {
      const scheme_ = type === 'http' ? String(scheme.scheme ?? 'Bearer') : 'Bearer';
      const label = scheme_.charAt(0).toUpperCase() + scheme_.slice(1);
      out.header.push(row('Authorization', `${label} <token>`, note, scheme.description, ctx));
    } else if (type === 'mutualTLS') out.notes.push(`${note}: a client certificate is required`);
    else c.warnings.add(`security scheme ${name}: unknown type "${type}", not shown as a parameter`);
  }
  return out;
}
