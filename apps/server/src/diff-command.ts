import { readFile } from 'node:fs/promises';
import {
  type ApiDiff,
  type ChangeLevel,
  compareOperations,
  formatDiff,
  type OperationVersion,
  operationsOfTree,
} from '@quire/api-model';
import {
  ImportError,
  listOperations,
  openApiToModel,
  parseApiText,
  rowBudget,
} from '@quire/api-model/converters';

/**
 * `quire diff <old> <new> [--fail-on breaking|non-breaking|docs] [--json]`: the semantic diff of two
 * OpenAPI/Swagger files, offline (no server, no database). Answers the exit status: 0 done (or nothing at
 * the --fail-on level), 1 changes at or above the --fail-on level, 2 wrong usage or a file that is not a
 * description.
 */
export async function runDiffCommand(argv: string[]): Promise<number> {
  // `quire diff a b | head` closes the pipe early: that is no failure of the command.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const usage = (line: string) => {
    process.stderr.write(
      `quire diff: ${line}\nUsage: quire diff <old> <new> [--fail-on breaking] [--json]\n`,
    );
    return 2;
  };
  const files: string[] = [];
  let failOn: ChangeLevel | null = null;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--fail-on') {
      const level = argv[++i];
      if (level !== 'breaking' && level !== 'non-breaking' && level !== 'docs')
        return usage('--fail-on takes breaking, non-breaking or docs');
      failOn = level;
    } else if (arg === '--json') json = true;
    else if (arg.startsWith('--')) return usage(`unknown option ${arg}`);
    else files.push(arg);
  }
  if (files.length !== 2) return usage('say the old and the new file');
  const specs: unknown[] = [];
  for (const file of files) {
    try {
      specs.push(await specOfFile(file));
    } catch (error) {
      return usage(`${file}: ${(error as Error).message}`);
    }
  }
  // Both versions get the row budget of the larger one, so no doc is cut at another depth on one side.
  const counts = specs.map((spec) =>
    spec && typeof spec === 'object'
      ? listOperations(spec as Parameters<typeof listOperations>[0]).length
      : 0,
  );
  const docRows = rowBudget(Math.max(...counts, 1));
  const versions: OperationVersion[][] = [];
  for (const [i, spec] of specs.entries()) {
    try {
      versions.push(operationsOfTree(openApiToModel(spec, { docRows })));
    } catch (error) {
      if (error instanceof ImportError) return usage(`${files[i]}: ${error.message}`);
      throw error;
    }
  }
  const diff = compareOperations(versions[0] ?? [], versions[1] ?? []);
  if (json) out(JSON.stringify(diff, null, 2));
  else for (const line of formatDiff(diff)) out(line);
  return failOn && failing(diff, failOn) ? 1 : 0;
}

/** True when a change is at `level` or more severe. */
function failing(diff: ApiDiff, level: ChangeLevel): boolean {
  const { levels } = diff.summary;
  if (level === 'breaking') return levels.breaking > 0;
  if (level === 'non-breaking') return levels.breaking + levels['non-breaking'] > 0;
  return levels.breaking + levels['non-breaking'] + levels.docs > 0;
}

async function specOfFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    return parseApiText(text);
  } catch (error) {
    if (error instanceof ImportError) throw new Error(error.message);
    throw error;
  }
}
