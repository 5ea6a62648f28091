// An application's mock base (`/mock/m/<moduleId>`): every HTTP doc of the application answers at its own
// method and path, path params matched as templates, the most specific route first; the doc's configurations
// with conditions apply when they match, its default mock otherwise (docs/mock.md).
import { type IncomingRequest, type MockConditions, conditionCount, conditionsMatch } from './mock-match.ts';

/** One segment of a doc's path: a literal, or a pattern holding `{params}` (`{id}`, `{id}.json`). */
type Segment = { literal: string } | { pattern: RegExp; literals: number };

export interface RouteDoc {
  id: string;
  url: string;
  httpMethod: string;
}

/** A doc URL as a path: no `{{host}}` variable, scheme and host, query or fragment; `:id` and `${id}` as `{id}`. */
export function docPath(url: string): string {
  let path = url.trim();
  const hash = path.indexOf('#');
  if (hash >= 0) path = path.slice(0, hash);
  path = path.replace(/^\{\{[^}]*\}\}/, '').replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  path = path.split('?')[0] ?? '';
  path = path.replace(/\$\{([^}/]+)\}/g, '{$1}').replace(/(^|\/):([A-Za-z_][\w-]*)/g, '$1{$2}');
  return `/${path.split('/').filter(Boolean).join('/')}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The segments of a doc's path template. */
export function templateOf(url: string): Segment[] {
  return docPath(url)
    .split('/')
    .filter(Boolean)
    .map((part) => {
      if (!/\{[^}/]+\}/.test(part)) return { literal: part };
      const pieces = part.split(/\{[^}/]+\}/);
      return {
        pattern: new RegExp(`^${pieces.map(escapeRegExp).join('[^/]+?')}$`),
        literals: pieces.join('').length,
      };
    });
}

/** How specific a matching template is: per segment 2 for a literal, 1 for a pattern with text, 0 for `{x}`. */
function rankOf(template: ReadonlyArray<Segment>): number[] {
  return template.map((segment) => ('literal' in segment ? 2 : segment.literals > 0 ? 1 : 0));
}

function compareRanks(a: ReadonlyArray<number>, b: ReadonlyArray<number>): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (b[i] ?? 0) - (a[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

function decodeSegment(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function templateMatches(template: ReadonlyArray<Segment>, segments: ReadonlyArray<string>): boolean {
  if (template.length !== segments.length) return false;
  return template.every((segment, i) => {
    const actual = segments[i] ?? '';
    return 'literal' in segment ? segment.literal === actual : segment.pattern.test(actual);
  });
}

/**
 * The doc a request reaches: among docs of the request's method (HEAD reaches GET docs), then docs without a
 * method, the one whose path template matches, the most specific first (a literal segment beats a param at the
 * first place they differ: `/orders/new` before `/orders/{id}`), then by id so the choice is stable.
 */
export function matchDoc<T extends RouteDoc>(
  docs: ReadonlyArray<T>,
  method: string,
  path: string,
): T | undefined {
  const segments = path.split('/').filter(Boolean).map(decodeSegment);
  const wanted = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  let best: { doc: T; rank: number[]; exact: boolean } | undefined;
  for (const doc of docs) {
    const docMethod = doc.httpMethod.trim().toUpperCase();
    if (docMethod !== '' && docMethod !== wanted) continue;
    const template = templateOf(doc.url);
    if (!templateMatches(template, segments)) continue;
    const candidate = { doc, rank: rankOf(template), exact: docMethod !== '' };
    if (!best) {
      best = candidate;
      continue;
    }
    const byMethod = Number(candidate.exact) - Number(best.exact);
    const byRank = compareRanks(candidate.rank, best.rank);
    if (byMethod > 0 || (byMethod === 0 && (byRank < 0 || (byRank === 0 && doc.id < best.doc.id))))
      best = candidate;
  }
  return best?.doc;
}

/** The query a configuration's path carries (`orders?page=2`) as field conditions. */
export function pathQueryOf(path: string): { name: string; value: string }[] {
  const mark = path.indexOf('?');
  if (mark < 0) return [];
  return [...new URLSearchParams(path.slice(mark + 1))].map(([name, value]) => ({ name, value }));
}

/**
 * The configuration a doc answers with under the mock base: among its configurations that set at least one
 * condition (fields, JSON body, headers, or a query in their path) and whose conditions all match, the one
 * with the most conditions, then the newest (`configs` come newest first). Undefined: the default mock.
 */
export function pickDocMock<T extends { isDefault: number; path: string; conditions: MockConditions }>(
  configs: ReadonlyArray<T>,
  request: IncomingRequest,
): T | undefined {
  const scored = configs
    .filter((config) => config.isDefault !== 1)
    .map((config) => {
      // The path's query is one field condition per field, beside the configuration's own conditions.
      const query: MockConditions = {
        requestDataType: 0,
        dataKv: pathQueryOf(config.path),
        dataJson: undefined,
        requestHeaders: [],
      };
      return {
        config,
        count: conditionCount(config.conditions) + query.dataKv.length,
        matches: conditionsMatch(config.conditions, request) && conditionsMatch(query, request),
      };
    })
    .filter((entry) => entry.count > 0 && entry.matches);
  // Stable sort: equal specificity keeps newest first.
  return scored.sort((a, b) => b.count - a.count)[0]?.config;
}
