import type { SourceEnvironment } from '../../sync/source-tree.ts';
import type { Warnings } from '../warnings.ts';
import { isObject, type Json } from './refs.ts';

/** Environments from OpenAPI 3 `servers` or Swagger 2 `schemes` + `host` + `basePath`. */
export function environmentsOf(
  spec: Json,
  swagger2: boolean,
  warnings: Warnings,
  base?: string,
): SourceEnvironment[] {
  const out: SourceEnvironment[] = [];
  const add = (name: string, raw: string) => {
    let url = raw.trim();
    if (!/^https?:\/\//i.test(url)) {
      if (!base) {
        warnings.add(`server "${raw}" is relative: add an environment for it by hand`);
        return;
      }
      url = resolveAgainst(url, base);
    }
    url = url.replace(/\/+$/, '');
    let unique = (name || url).slice(0, 50);
    for (let i = 2; out.some((e) => e.name === unique); i++) unique = `${(name || url).slice(0, 45)} (${i})`;
    if (!out.some((e) => e.url === url)) out.push({ name: unique, url, isPublic: true });
  };
  if (swagger2) {
    const host = typeof spec.host === 'string' ? spec.host : '';
    const basePath = typeof spec.basePath === 'string' ? spec.basePath : '';
    if (!host) {
      if (base) add('default', resolveAgainst(basePath || '/', base));
      else warnings.add('the description names no host: add an environment by hand');
      return out;
    }
    const schemes = Array.isArray(spec.schemes) && spec.schemes.length ? spec.schemes.map(String) : ['https'];
    for (const scheme of schemes)
      if (scheme === 'http' || scheme === 'https') add(scheme, `${scheme}://${host}${basePath}`);
    return out;
  }
  const servers = Array.isArray(spec.servers) ? spec.servers.filter(isObject) : [];
  for (const server of servers) {
    if (typeof server.url !== 'string') continue;
    let url = server.url;
    const variables = isObject(server.variables) ? server.variables : {};
    url = url.replace(/\{([^}]+)\}/g, (whole, key: string) => {
      const variable = variables[key];
      return isObject(variable) && variable.default !== undefined ? String(variable.default) : whole;
    });
    const description =
      typeof server.description === 'string' ? server.description.replace(/\s+/g, ' ').trim() : '';
    add(description, url);
  }
  return out;
}

/** A relative server URL against the address the description came from (no URL global in this package). */
function resolveAgainst(relative: string, base: string): string {
  const origin = /^https?:\/\/[^/?#]+/i.exec(base)?.[0] ?? '';
  if (relative.startsWith('/')) return origin + relative;
  const dir = base.replace(/[?#].*$/, '').replace(/[^/]*$/, '');
  return dir + relative.replace(/^\.\//, '');
}
