import type { ApiDoc, SourceEnvironment } from '@quire/api-model';
import { docModelMarkdown } from '@quire/api-model/export';
import { isErrorCode, ViewNodeType, type ViewNodeWire } from '@quire/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { translate } from '../../http/lang.ts';

/**
 * `llms.txt` and `llms-full.txt` of a share or composed project (the llmstxt.org convention): an index of the
 * shared docs, one line each with a link, and all of them as Markdown made for a model. Built from exactly
 * what a visitor of the page reads (the menu and the docs the share reaches, the environments it shows);
 * never a name of the team (no author), never globals.
 */
export interface LlmsSource {
  title: string;
  summary: string;
  /** The menu a visitor sees: folders and docs. */
  menu: ReadonlyArray<ViewNodeWire>;
  /** The page of a doc, for the index's links. */
  link: (docId: string) => string;
  /** The link of `llms-full.txt` beside this index. */
  fullLink: string;
}

/** The two files of the llmstxt.org convention: the index, and every doc in one file. */
export const LLMS_FILES = [
  ['llms.txt', false],
  ['llms-full.txt', true],
] as const;

/** What `llms-full.txt` prints of one doc. */
export interface LlmsDoc {
  doc: ApiDoc;
  environments: ReadonlyArray<SourceEnvironment>;
  enumValues?: (enumId: string) => ReadonlyArray<{ value: string; description: string }> | undefined;
}

interface Placed {
  node: ViewNodeWire;
  folders: string[];
}

/** The docs of a menu, depth first, with the folder names above each. */
export function docsOfMenu(menu: ReadonlyArray<ViewNodeWire>): Placed[] {
  const out: Placed[] = [];
  const walk = (nodes: ReadonlyArray<ViewNodeWire>, folders: string[]) => {
    for (const node of nodes) {
      if (node.type === ViewNodeType.doc && !node.isFolder) out.push({ node, folders });
      if (node.children?.length) walk(node.children, node.isFolder ? [...folders, node.label] : folders);
    }
  };
  walk(menu, []);
  return out;
}

/** One line of Markdown: no line breaks, no characters that would end a link text early. */
function line(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[[\]]/g, '').trim();
}

function header(source: LlmsSource): string[] {
  const out = [`# ${line(source.title)}`, ''];
  const summary = line(source.summary);
  if (summary) out.push(`> ${summary}`, '');
  return out;
}

/** `llms.txt`: the index, one section per folder path. */
export function llmsIndex(source: LlmsSource): string {
  const out = header(source);
  out.push(`Every doc below as Markdown in one file: [llms-full.txt](${source.fullLink})`, '');
  let section: string | null = null;
  for (const { node, folders } of docsOfMenu(source.menu)) {
    const name = folders.map(line).join(' / ') || 'Docs';
    if (name !== section) {
      out.push(...(section === null ? [] : ['']), `## ${name}`, '');
      section = name;
    }
    const what = node.httpMethod && node.url ? `: \`${node.httpMethod}\` ${line(node.url)}` : '';
    out.push(`- [${line(node.label)}](${source.link(node.id)})${what}`);
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** `llms-full.txt`: every doc of the index as Markdown, under its folder headings. */
export function llmsFull(source: LlmsSource, docs: ReadonlyMap<string, LlmsDoc>): string {
  const out = header(source);
  let section = '';
  for (const { node, folders } of docsOfMenu(source.menu)) {
    const entry = docs.get(node.id);
    if (!entry) continue;
    const name = folders.map(line).join(' / ');
    if (name && name !== section) out.push(`## ${name}`, '');
    section = name;
    out.push(
      docModelMarkdown(entry.doc, {
        environments: entry.environments,
        level: 3,
        ...(entry.enumValues ? { enumValues: entry.enumValues } : {}),
      }),
    );
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/**
 * Sends a plain-text answer, or a refusal as one line of text in the caller's language with the refusal's
 * status (a password share without its session: 401). Never cached: a password share's answer is personal.
 */
export async function sendLlms(
  request: FastifyRequest,
  reply: FastifyReply,
  build: () => Promise<string>,
): Promise<FastifyReply> {
  reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
  try {
    return reply.send(await build());
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const msg = isErrorCode(error.code)
      ? translate(request.lang, 'errors', error.code, error.args)
      : error.code;
    return reply.status(error.status).send(`${msg}\n`);
  }
}
