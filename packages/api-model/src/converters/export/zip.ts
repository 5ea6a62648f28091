import { strToU8, type Zippable, zipSync } from 'fflate';
import { safeFileName } from './export-source.ts';

/** A file of a "one file per doc" export: its folder path and name inside the archive. */
export interface ZipEntry {
  folders: string[];
  name: string;
  extension: string;
  content: string | Uint8Array;
}

/** A zip of files by folder; equal names in one folder get ` (2)`, ` (3)`. */
export function zipByFolder(entries: ReadonlyArray<ZipEntry>): Uint8Array {
  const files: Zippable = {};
  const taken = new Set<string>();
  for (const entry of entries) {
    const dir = entry.folders.map(safeFileName).join('/');
    const base = safeFileName(entry.name);
    let path = `${dir ? `${dir}/` : ''}${base}.${entry.extension}`;
    for (let i = 2; taken.has(path.toLowerCase()); i++)
      path = `${dir ? `${dir}/` : ''}${base} (${i}).${entry.extension}`;
    taken.add(path.toLowerCase());
    files[path] = typeof entry.content === 'string' ? strToU8(entry.content) : entry.content;
  }
  return zipSync(files, { level: 6 });
}
