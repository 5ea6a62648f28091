import Hashids from 'hashids';
import type { Db } from '../../db/database.ts';
import { findMapped } from './torna-import.repository.ts';

/**
 * Torna's ids on the wire: Hashids with a fixed salt and a minimum length of 8 (torna-server notes, 1.4), the
 * same on every Torna install, so any old link can be decoded without the Torna database.
 */
const hashids = new Hashids('@r9#8e.N$z>09=dG', 8);

/** The Torna id of a hashid, or undefined when it is not one. */
export function decodeTornaHashid(value: string): string | undefined {
  try {
    const [first] = hashids.decode(value);
    return first === undefined ? undefined : String(first);
  } catch {
    return undefined;
  }
}

export function encodeTornaId(id: number): string {
  return hashids.encode(id);
}

/** Where an old Torna link lands in Quire (docs/torna-import.md), or null when nothing imported matches it. */
export async function resolveTornaLink(
  db: Db,
  input: { route: 'view' | 'share' | 'show'; id: string; docId?: string | undefined },
): Promise<string | null> {
  const kind = { view: 'doc', share: 'share', show: 'compose' }[input.route];
  const tornaId = decodeTornaHashid(input.id);
  const quireId = tornaId ? await findMapped(db, kind, tornaId) : undefined;
  if (!quireId) return null;
  if (input.route === 'view') return `/view/${quireId}`;
  const tornaDoc = input.docId ? decodeTornaHashid(input.docId) : undefined;
  const docId = tornaDoc ? await findMapped(db, 'doc', tornaDoc) : undefined;
  return `/${input.route}/${quireId}${docId ? `/${docId}` : ''}`;
}
