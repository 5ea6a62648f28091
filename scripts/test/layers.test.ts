import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const biome = path.join(root, 'node_modules/.bin/biome');

/**
 * The layer rules of docs/architecture.md live in biome.json (noRestrictedImports per folder). Each case
 * copies a real file of a layer to a probe beside it, adds one forbidden import and expects `biome lint` to
 * refuse the probe, so a rule that stops matching (a moved folder, a renamed pattern) fails here instead of
 * going dead silently. The untouched copy must pass, so the refusal is the import's doing.
 */
const cases: { layer: string; copyOf: string; forbidden: string }[] = [
  {
    layer: 'packages never import apps',
    copyOf: 'packages/shared/src/envelope.ts',
    forbidden: "import '../../../apps/server/src/app.ts';",
  },
  {
    layer: 'api-model is browser-safe outside converters/',
    copyOf: 'packages/api-model/src/diff-docs.ts',
    forbidden: "import 'node:fs';",
  },
  {
    layer: 'api-model does not depend on shared',
    copyOf: 'packages/api-model/src/converters/index.ts',
    forbidden: "import '@quire/shared';",
  },
  {
    layer: 'the web app never imports the server',
    copyOf: 'apps/web/src/lib/format.ts',
    forbidden: "import '../../../server/src/lib/ids.ts';",
  },
  {
    layer: 'http/ does not reach into feature modules',
    copyOf: 'apps/server/src/http/reply.ts',
    forbidden: "import '../modules/docs/docs.repository.ts';",
  },
  {
    layer: 'lib/ does not reach into feature modules',
    copyOf: 'apps/server/src/lib/clock.ts',
    forbidden: "import '../modules/docs/docs.service.ts';",
  },
  {
    layer: "a module never imports another module's repository",
    copyOf: 'apps/server/src/modules/environments/environments.presenter.ts',
    forbidden: "import '../docs/docs.repository.ts';",
  },
];

function lint(file: string) {
  return spawnSync(biome, ['lint', '--diagnostic-level=error', file], { cwd: root, encoding: 'utf8' });
}

describe('layer rules enforced by the linter', () => {
  for (const { layer, copyOf, forbidden } of cases) {
    it(layer, () => {
      const source = readFileSync(path.join(root, copyOf), 'utf8');
      const probe = path.join(
        root,
        path.dirname(copyOf),
        `layer-probe-${process.pid}${path.extname(copyOf)}`,
      );
      try {
        writeFileSync(probe, source);
        const clean = lint(probe);
        expect(clean.status, clean.stdout + clean.stderr).toBe(0);

        writeFileSync(probe, `${forbidden}\n${source}`);
        const refused = lint(probe);
        expect(refused.status).not.toBe(0);
        expect(refused.stdout + refused.stderr).toContain('noRestrictedImports');
        expect(refused.stdout + refused.stderr).toContain('Layer rule');
      } finally {
        rmSync(probe, { force: true });
      }
    });
  }
});

/** Every source file under a folder, tests excepted. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

describe('queries live in repositories', () => {
  // A module's services, routes and jobs call repository functions; only `*.repository.ts` files build SQL,
  // so a reader finds every query of a table by looking at repositories alone.
  const QUERY = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql`/;

  it('no module file but a repository builds a query', () => {
    const offenders = sourcesUnder('apps/server/src/modules')
      .filter((file) => !file.endsWith('.repository.ts'))
      .filter((file) => QUERY.test(readFileSync(path.join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the scanner sees a query (it is not dead)', () => {
    expect(QUERY.test("await db.selectFrom('docs').selectAll()")).toBe(true);
    expect(QUERY.test('await findDocRow(db, id)')).toBe(false);
  });
});

describe('query keys come from factories', () => {
  // Every feature keeps its TanStack Query keys in its `*.queries.ts`, so an edit invalidates exactly what
  // the readers of the same data asked for (an inline key in a component drifts from the mutation's).
  const INLINE_KEY = /queryKey:\s*\[/;
  const KEY_FACTORY = /^export const [a-z]\w*Keys = \{/m;

  it('no web file but a *.queries.ts writes a key or declares a key factory', () => {
    const offenders = sourcesUnder('apps/web/src')
      .filter((file) => !file.endsWith('.queries.ts'))
      .filter((file) => {
        const text = readFileSync(path.join(root, file), 'utf8');
        return INLINE_KEY.test(text) || KEY_FACTORY.test(text);
      });
    expect(offenders).toEqual([]);
  });

  it('the scanner sees an inline key (it is not dead)', () => {
    expect(INLINE_KEY.test("useQuery({ queryKey: ['docs', id] })")).toBe(true);
    expect(INLINE_KEY.test('useQuery({ queryKey: docKeys.detail(id) })')).toBe(false);
  });
});
