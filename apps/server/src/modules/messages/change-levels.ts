import { type ChangeLevel, compareOperation, worstLevel } from '@quire/api-model';
import type { Db } from '../../db/database.ts';
import { readDocument } from '../docs/doc-document.ts';
import type { ChangedDoc } from './change-events.ts';
import { listRevisionSnapshots } from './notify.repository.ts';

/** How a changed doc's change is classified (docs/releases.md): its level and its breaking rules. */
export interface DocLevel {
  level: ChangeLevel;
  /** The breaking changes, as `rule` or `rule place path`. */
  breaking: string[];
}

/**
 * The level of each doc of a change: an added doc is non-breaking, a deleted one breaking, an updated one
 * as the semantic diff of its revision against the one before decides (no level when either is gone).
 */
export async function levelsOf(db: Db, docs: ReadonlyArray<ChangedDoc>): Promise<Map<string, DocLevel>> {
  const out = new Map<string, DocLevel>();
  const updates: Array<{ docId: string; revision: number }> = [];
  for (const doc of docs) {
    if (doc.change === 'add') out.set(doc.id, { level: 'non-breaking', breaking: [] });
    else if (doc.change === 'delete') out.set(doc.id, { level: 'breaking', breaking: ['operation-removed'] });
    else if (doc.change === 'update' && doc.revision !== undefined && doc.revision > 1)
      updates.push({ docId: doc.id, revision: doc.revision });
  }
  if (!updates.length) return out;
  const snapshots = await listRevisionSnapshots(db, [
    ...updates,
    ...updates.map((u) => ({ docId: u.docId, revision: u.revision - 1 })),
  ]);
  for (const { docId, revision } of updates) {
    const now = snapshots.get(`${docId}:${revision}`);
    const was = snapshots.get(`${docId}:${revision - 1}`);
    if (!now || !was) continue;
    try {
      const changes = compareOperation({ doc: readDocument(was) }, { doc: readDocument(now) });
      if (!changes.length) continue;
      out.set(docId, {
        level: changes.reduce((worst, c) => worstLevel(worst, c.level), 'docs' as ChangeLevel),
        breaking: changes
          .filter((c) => c.level === 'breaking')
          .map((c) => (c.where === 'operation' ? c.rule : `${c.rule} ${c.where} ${c.path}`.trim())),
      });
    } catch {
      // An unreadable snapshot only costs the level.
    }
  }
  return out;
}
