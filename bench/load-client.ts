/*
 * The load generator of `npm run bench -- load`, run in its own process at lower priority (`nice`) so it
 * takes CPU only the servers leave: `users` virtual users, each looping over a mixed call (then a pause of
 * about `thinkMs`) for `seconds`, round-robin over the servers given. Prints one JSON line: per call kind, the count, errors and latencies.
 * Reads its plan from the LOAD_PLAN environment variable (written by load.bench.ts).
 */
export interface LoadPlan {
  bases: string[];
  tokens: string[];
  seconds: number;
  users: number;
  /**
   * Mean pause of a user between two calls, in ms (each pause drawn uniformly from half to one and a half
   * times it): a person reads what a call answered before the next one. 0 makes every user call back to back,
   * which measures the server's saturation throughput instead of what its users see.
   */
  thinkMs: number;
  projectId: string;
  moduleId: string;
  docIds: string[];
  /** One doc per virtual user that only that user saves, with its current revision. */
  ownDocs: Array<{ id: string; revision: number }>;
  pushToken: string;
  searchWords: string[];
}

export interface KindResult {
  count: number;
  errors: number;
  latencies: number[];
  firstError?: string;
}

type Kind = 'tree' | 'detail' | 'search' | 'perm' | 'save' | 'push';

/** How often each kind is called: readers dominate, as in a team's day. */
const MIX: Array<[Kind, number]> = [
  ['tree', 20],
  ['detail', 30],
  ['search', 15],
  ['perm', 25],
  ['save', 8],
  ['push', 2],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [, w]) => sum + w, 0);

function pick(): Kind {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const [kind, weight] of MIX) {
    r -= weight;
    if (r < 0) return kind;
  }
  return 'perm';
}

const plan = JSON.parse(process.env.LOAD_PLAN ?? '{}') as LoadPlan;
const results = Object.fromEntries(
  MIX.map(([kind]) => [kind, { count: 0, errors: 0, latencies: [] } satisfies KindResult]),
) as unknown as Record<Kind, KindResult>;
let next = 0;

async function one(user: number, kind: Kind): Promise<void> {
  const base = plan.bases[next++ % plan.bases.length] as string;
  const token = plan.tokens[user % plan.tokens.length] as string;
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'accept-language': 'en' };
  let url = '';
  let body: unknown;
  const own = plan.ownDocs[user] as { id: string; revision: number };
  switch (kind) {
    case 'tree':
      url = `/api/doc/view/dataByProject?projectId=${plan.projectId}`;
      break;
    case 'detail':
      url = `/api/doc/detail?id=${plan.docIds[Math.floor(Math.random() * plan.docIds.length)]}`;
      break;
    case 'search':
      url = `/api/doc/search?q=${encodeURIComponent(plan.searchWords[Math.floor(Math.random() * plan.searchWords.length)] as string)}&limit=20`;
      break;
    case 'perm':
      url = '/api/user/perm/get';
      break;
    case 'save':
      url = '/api/doc/save';
      body = {
        id: own.id,
        revision: own.revision,
        moduleId: plan.moduleId,
        name: `Load doc ${user}`,
        url: `/load/${user}`,
        httpMethod: 'POST',
        description: `<p>saved at ${Date.now()}</p>`,
      };
      break;
    case 'push':
      url = '/api';
      body = {
        name: 'doc.push',
        version: '1.0',
        access_token: plan.pushToken,
        data: {
          isReplace: 0,
          author: 'load',
          apis: [
            {
              name: `Pushed by user ${user}`,
              url: `/pushed/${user}`,
              httpMethod: 'GET',
              description: `pushed at ${Date.now()}`,
            },
          ],
        },
      };
      break;
  }
  const started = performance.now();
  let error = '';
  try {
    const response = await fetch(`${base}${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok || !text.startsWith('{"code":"0"'))
      error = `${kind} ${response.status} ${text.slice(0, 160)}`;
    else if (kind === 'save')
      own.revision = (JSON.parse(text) as { data: { revision: number } }).data.revision;
  } catch (cause) {
    error = `${kind} ${(cause as Error).message}`;
  }
  const result = results[kind];
  result.count += 1;
  result.latencies.push(performance.now() - started);
  if (error) {
    result.errors += 1;
    result.firstError ??= error;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const deadline = Date.now() + plan.seconds * 1000;
await Promise.all(
  Array.from({ length: plan.users }, async (_, user) => {
    // Users arrive spread over one pause, not all in the same millisecond.
    if (plan.thinkMs > 0) await pause(Math.random() * plan.thinkMs);
    while (Date.now() < deadline) {
      await one(user, pick());
      if (plan.thinkMs > 0) await pause(plan.thinkMs * (0.5 + Math.random()));
    }
  }),
);
// The revisions the users' docs reached: the next phase's saves start from them.
process.stdout.write(`${JSON.stringify({ results, ownDocs: plan.ownDocs })}\n`);
