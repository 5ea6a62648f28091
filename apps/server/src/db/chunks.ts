/** Lists go to the database in chunks so no statement carries more parameters than a dialect accepts. */
const CHUNK = 500;

export function chunksOf<T>(items: ReadonlyArray<T>, size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
