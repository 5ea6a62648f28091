import type { SourceEnvironment } from '@quire/api-model';
import type { Db } from '../../db/database.ts';
import { readDocument } from '../docs/doc-document.ts';
import { linkedEnumIds, listModuleDocsWithPeople } from '../docs/docs.service.ts';
import { enumsWithItems } from '../enums/enums.service.ts';
import type { LlmsDoc } from './llms-text.ts';

/** The docs of one application that an `llms-full.txt` prints, with the environments shown for them. */
export interface LlmsDocGroup {
  moduleId: string;
  docIds: ReadonlySet<string>;
  environments: ReadonlyArray<SourceEnvironment>;
  /** A share of a release: the frozen documents by doc id, read instead of the docs now. */
  frozen?: ReadonlyMap<string, { content: string }> | null;
}

/**
 * Reads the chosen docs (already checked against the share or composed project) with their linked
 * dictionaries: one read of the application's docs per group (a filter by id would be cut at 1000 ids).
 */
export async function loadLlmsDocs(
  db: Db,
  groups: ReadonlyArray<LlmsDocGroup>,
): Promise<Map<string, LlmsDoc>> {
  const out = new Map<string, LlmsDoc>();
  for (const group of groups) {
    const { frozen } = group;
    const rows = frozen
      ? [...group.docIds].flatMap((id) => {
          const content = frozen.get(id)?.content;
          return content ? [{ id, content }] : [];
        })
      : (await listModuleDocsWithPeople(db, group.moduleId)).filter(
          (row) => row.isFolder !== 1 && group.docIds.has(row.id),
        );
    const docs = rows.map((row) => ({ id: row.id, doc: readDocument(row.content) }));
    const enumIds = new Set(docs.flatMap(({ doc }) => linkedEnumIds(doc)));
    const enums = await enumsWithItems({ db }, group.moduleId, [...enumIds]);
    const items = new Map(enums.map((e) => [e.id, e.items]));
    for (const { id, doc } of docs)
      out.set(id, { doc, environments: group.environments, enumValues: (enumId) => items.get(enumId) });
  }
  return out;
}
