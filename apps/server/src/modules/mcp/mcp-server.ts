import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isErrorCode } from '@quire/shared';
import { z } from 'zod';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { translate } from '../../http/lang.ts';
import {
  getDocTool,
  getOpenApiTool,
  listApplicationsTool,
  listChangesTool,
  listProjectsTool,
  readableApplications,
  saveDocDescriptionTool,
  searchDocsTool,
} from './mcp.service.ts';

const DESCRIPTION_MAX = 100_000;

/**
 * The tools' input schemas, with every message in the caller's language (the SDK answers a failed parse as a
 * tool error listing each message and its field). Every string is bounded, so a malformed or oversized call
 * is a validation error.
 */
function inputSchemas(lang: string) {
  const say = (key: string, args: ReadonlyArray<string | number> = []) =>
    translate(lang, 'validation', key, args);
  const text = (max: number, required = true) => {
    const error = say(required ? 'required_max' : 'max', [max]);
    const base = z.string({ error }).trim().max(max, { error });
    return required ? base.min(1, { error }) : base;
  };
  const int = (min: number, max: number) => {
    const error = say('number_range', [min, max]);
    return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
  };
  return {
    id: text(64),
    text,
    int,
    dateTime: z.iso.datetime({ offset: true, error: say('date_time') }),
  };
}

const INSTRUCTIONS =
  'Quire holds the API documentation of this team. Find an endpoint with search_docs, read it with get_doc ' +
  '(Markdown: method, URLs, params, examples, error codes), browse with list_projects and list_applications, ' +
  'read an application as OpenAPI 3.1 with get_openapi (paged: pass nextCursor back), and see recent edits ' +
  'with list_changes. Everything answered is what the token owner may read.';

/** What a tool answers: JSON for data, Markdown as it is. */
function text(value: unknown): CallToolResult {
  return {
    content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value, null, 2) }],
  };
}

/** Called with anything unexpected a tool threw, to be logged with the request. */
export type McpErrorLog = (error: unknown) => void;

/**
 * Runs a tool and turns a refusal into a tool error in the caller's language (the MCP way to say a call
 * failed: `isError`, not a protocol error). Anything unexpected is logged and answered as the generic
 * internal error, never with its own message (it could name a table or a file).
 */
async function run(lang: string, log: McpErrorLog, work: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return text(await work());
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      const msg = isErrorCode(error.code) ? translate(lang, 'errors', error.code, error.args) : error.code;
      return { content: [{ type: 'text', text: msg }], isError: true };
    }
    log(error);
    return { content: [{ type: 'text', text: translate(lang, 'errors', 'internal') }], isError: true };
  }
}

/**
 * The MCP server of one request (stateless: a new one per HTTP request), for a caller authenticated by a
 * personal token. `save_doc_description` exists only for a read-write token.
 */
export function buildMcpServer(c: Caller, lang: string, version: string, log: McpErrorLog): McpServer {
  const server = new McpServer(
    { name: 'quire', title: 'Quire API docs', version },
    { instructions: INSTRUCTIONS, capabilities: { tools: {}, resources: {} } },
  );
  const readOnly = { readOnlyHint: true, openWorldHint: false } as const;
  const v = inputSchemas(lang);
  const Id = v.id;

  server.registerTool(
    'search_docs',
    {
      title: 'Search docs',
      description:
        'Finds docs whose name, URL, description or parameters match the query, in every project the token may read or in one. Answers their docId, method, URL, application and project.',
      inputSchema: {
        query: v.text(200).describe('Words of a name, URL path, description or param'),
        projectId: Id.optional().describe('Only this project (see list_projects)'),
        limit: v.int(1, 50).default(20).describe('At most this many docs (1-50, 20)'),
      },
      annotations: readOnly,
    },
    (input) => run(lang, log, () => searchDocsTool(c, input)),
  );

  server.registerTool(
    'get_doc',
    {
      title: 'Read a doc',
      description:
        'One doc as Markdown: method, URL per environment, params as nested lists (type, required, enum values, example), error codes, request and response examples.',
      inputSchema: { docId: Id.describe('The docId of search_docs') },
      annotations: readOnly,
    },
    ({ docId }) => run(lang, log, () => getDocTool(c, docId)),
  );

  server.registerTool(
    'list_projects',
    {
      title: 'List projects',
      description: 'The projects the token may read, with their space.',
      inputSchema: {},
      annotations: readOnly,
    },
    () => run(lang, log, () => listProjectsTool(c)),
  );

  server.registerTool(
    'list_applications',
    {
      title: 'List applications',
      description: 'The applications (groups of docs, each one OpenAPI document) of a project.',
      inputSchema: { projectId: Id },
      annotations: readOnly,
    },
    ({ projectId }) => run(lang, log, () => listApplicationsTool(c, projectId)),
  );

  server.registerTool(
    'get_openapi',
    {
      title: 'Application as OpenAPI',
      description:
        'An application as an OpenAPI 3.1 JSON document. Large ones come in pages of whole paths (the first page holds the components): when the answer has x-quire-next-cursor, call again with that cursor.',
      inputSchema: {
        moduleId: Id.describe('The application id of list_applications'),
        cursor: v.text(12, false).optional().describe('x-quire-next-cursor of the previous page'),
      },
      annotations: readOnly,
    },
    ({ moduleId, cursor }) => run(lang, log, async () => (await getOpenApiTool(c, moduleId, cursor)).text),
  );

  server.registerTool(
    'list_changes',
    {
      title: 'Recent changes',
      description:
        'What changed in a project: its releases, every operation changed since the newest release with each change classified breaking, non-breaking or docs (breaking first), and the saved revisions of its docs, newest first, those that may break a client first.',
      inputSchema: {
        projectId: Id,
        since: z.iso
          .datetime({ offset: true })
          .optional()
          .describe('ISO 8601 date-time; default: all history'),
        limit: v.int(1, 200).default(50),
      },
      annotations: readOnly,
    },
    (input) => run(lang, log, () => listChangesTool(c, input)),
  );

  if (!c.access.scope?.readOnly) {
    server.registerTool(
      'save_doc_description',
      {
        title: 'Improve a doc description',
        description:
          "Replaces the description of one doc (nothing else), as the token's owner, recorded in the doc's history. Needs edit rights on the doc. Pass the revision you read (get_doc) to refuse the save if someone changed the doc since.",
        inputSchema: {
          docId: Id,
          description: z
            .string({ error: translate(lang, 'validation', 'max', [DESCRIPTION_MAX]) })
            .max(DESCRIPTION_MAX, { error: translate(lang, 'validation', 'max', [DESCRIPTION_MAX]) }),
          revision: v.int(1, 2_000_000_000).optional(),
          remark: v.text(255, false).optional().describe('A note for the history'),
        },
        annotations: {
          readOnlyHint: false,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        },
      },
      (input) => run(lang, log, () => saveDocDescriptionTool(c, input)),
    );
  }

  server.registerResource(
    'openapi',
    new ResourceTemplate('quire://openapi/{moduleId}', {
      list: async () => ({
        resources: (await readableApplications(c)).map(({ module, project }) => ({
          uri: `quire://openapi/${module.id}`,
          name: `${project.name} / ${module.name}`,
          mimeType: 'application/json',
          description: `OpenAPI 3.1 of the application ${module.name} (project ${project.name})`,
        })),
      }),
    }),
    { title: 'Application as OpenAPI 3.1', mimeType: 'application/json' },
    async (uri, { moduleId }) => {
      const id = Array.isArray(moduleId) ? moduleId[0] : moduleId;
      const page = await getOpenApiTool(c, String(id ?? ''), undefined).catch((error: unknown) => {
        if (error instanceof AppError && error.status < 500)
          throw new Error(isErrorCode(error.code) ? translate(lang, 'errors', error.code) : error.code);
        throw error;
      });
      // A resource is read whole: a large document answers its first page, the rest through get_openapi.
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: page.text }] };
    },
  );
  return server;
}
