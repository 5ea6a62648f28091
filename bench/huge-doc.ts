import type { ParamRow, ParamType } from '@quire/api-model';

/*
 * The huge doc of issue #29: 10,000 param rows nested 6 levels deep, with the names, types and descriptions of
 * a real order API. Deterministic (no randomness), so tests and benches see the same tree. Used by
 * bench/huge.bench.ts, e2e/huge-doc.spec.ts and the component tests of the reader and the editor.
 *
 * Shape: a group at depth d < 5 holds 2 groups and 3 leaves; a group at depth 5 would be a leaf, so 6 levels.
 * A top-level group is then 156 rows; 64 of them and 16 top-level leaves make 10,000.
 */

/** The levels of the tree (depth 0 to 5). */
export const HUGE_DEPTH = 6;
export const HUGE_ROWS = 10_000;
/** One row at the deepest level of the last group, named nowhere else: what the search tests look for. */
export const HUGE_DEEP_NAME = 'ledgerChecksum';

const GROUPS = ['order', 'customer', 'shipment', 'billing', 'payment', 'inventory', 'warehouse', 'invoice'];
const NESTED = ['address', 'contact', 'lineItems', 'discount', 'taxes', 'audit', 'carrier', 'metadata'];
const LEAVES: Array<[string, ParamType, string, string]> = [
  ['id', 'string', 'ord_8f3a2c', 'Unique identifier, assigned by the server on creation.'],
  ['createdAt', 'string', '2026-11-28T05:55:00Z', 'When the record was created (ISO 8601, UTC).'],
  ['status', 'string', 'PAID', 'Life-cycle state: DRAFT, PAID, SHIPPED, DELIVERED or CANCELLED.'],
  ['amount', 'number', '129.90', 'Total in the currency below, taxes included, two decimals.'],
  ['currency', 'string', 'EUR', 'ISO 4217 code of the amount.'],
  ['quantity', 'number', '3', 'How many units; at least 1.'],
  ['email', 'string', 'ana@example.com', "The contact's e-mail address, unique per tenant."],
  ['active', 'boolean', 'true', 'False once the record is archived; archived records are read-only.'],
  ['tags', 'array', '["gift"]', 'Free labels chosen by the merchant, at most 20.'],
  ['version', 'number', '7', 'Optimistic-locking counter: send it back unchanged on update.'],
];

function row(
  name: string,
  type: ParamType,
  example: string,
  description: string,
  children: ParamRow[],
): ParamRow {
  return {
    id: '',
    name,
    type,
    required: name === 'id' || name === 'status',
    maxLength: type === 'string' ? '64' : '-',
    example,
    description,
    enumId: '',
    enumContent: '',
    children,
  };
}

function leaf(serial: number): ParamRow {
  const [name, type, example, description] = LEAVES[serial % LEAVES.length] as (typeof LEAVES)[number];
  // Names repeat across groups, as in a real API; the serial keeps each row's text distinct for search.
  return row(`${name}${serial}`, type, example, `${description} (field ${serial})`, []);
}

/** A group at `depth` and its subtree; `counter` numbers the rows in pre-order. */
function group(depth: number, counter: { n: number }, last: boolean): ParamRow {
  const serial = counter.n++;
  const names = depth === 0 ? GROUPS : NESTED;
  const name = `${names[serial % names.length]}${serial}`;
  const children: ParamRow[] = [];
  for (let i = 0; i < 2; i++)
    children.push(
      depth + 1 < HUGE_DEPTH - 1 ? group(depth + 1, counter, last && i === 1) : leafAt(counter, false),
    );
  for (let i = 0; i < 3; i++) children.push(leafAt(counter, last && depth === HUGE_DEPTH - 2 && i === 2));
  const type: ParamType = name.startsWith('lineItems') ? 'array' : 'object';
  return row(name, type, '', `The ${name.replace(/\d+$/, '')} part (level ${depth + 1}).`, children);
}

function leafAt(counter: { n: number }, deepMarker: boolean): ParamRow {
  const serial = counter.n++;
  if (!deepMarker) return leaf(serial);
  return row(
    HUGE_DEEP_NAME,
    'string',
    'sha256:9f2c',
    'Checksum of the ledger entry, for reconciliation.',
    [],
  );
}

/** The 10,000 rows (64 groups of 156 rows, then 16 top-level leaves). */
export function hugeParams(): ParamRow[] {
  const counter = { n: 0 };
  const rows: ParamRow[] = [];
  for (let i = 0; i < 64; i++) rows.push(group(0, counter, i === 63));
  while (counter.n < HUGE_ROWS) rows.push(leaf(counter.n++));
  return rows;
}

/** Pre-order position of the HUGE_DEEP_NAME row among all 10,000 (its row number with every row open, from 0). */
export function hugeDeepIndex(): number {
  let at = 0;
  let found = -1;
  const walk = (rows: ParamRow[]) => {
    for (const row of rows) {
      if (row.name === HUGE_DEEP_NAME) found = at;
      at++;
      walk(row.children);
    }
  };
  walk(hugeParams());
  return found;
}

/** A small doc of the same shape for the same-run baseline: `count` rows in groups of 156 and leaves. */
export function baselineParams(count: number): ParamRow[] {
  const counter = { n: 0 };
  const rows: ParamRow[] = [];
  while (counter.n + 156 <= count) rows.push(group(0, counter, false));
  while (counter.n < count) rows.push(leaf(counter.n++));
  return rows;
}

type Call = <T>(path: string, body?: unknown) => Promise<T>;

/**
 * Saves the huge doc (or a baseline of `rows` rows) through the API as response params of a new GET doc in
 * `moduleId`, and returns its id.
 */
export async function saveHugeDoc(call: Call, moduleId: string, rows = HUGE_ROWS): Promise<string> {
  const params = rows === HUGE_ROWS ? hugeParams() : baselineParams(rows);
  const doc = await call<{ id: string }>('/api/doc/save', {
    moduleId,
    name: rows === HUGE_ROWS ? 'Huge order export' : `Order export (${rows} rows)`,
    url: `/orders/export/${rows}`,
    httpMethod: 'GET',
    responseParams: params,
  });
  return doc.id;
}

/** The JSON answer of the debug bench: an array of 10,000 objects, 10.1 MB, under the proxy's 10 MiB limit. */
export function hugeJsonAnswer(objects = 10_000): string {
  const items = Array.from({ length: objects }, (_, i) => ({
    id: `ord_${i.toString(36).padStart(6, '0')}`,
    createdAt: '2026-11-28T05:55:00Z',
    status: ['PAID', 'SHIPPED', 'DELIVERED'][i % 3],
    amount: Math.round(i * 1.37 * 100) / 100,
    customer: {
      id: `cus_${i}`,
      name: `Customer ${i}`,
      email: `customer${i}@example.com`,
      address: { line1: `${i} Harbour Street`, city: 'Lisbon', postcode: '1100-148', country: 'PT' },
    },
    lines: Array.from({ length: 4 }, (_, j) => ({
      sku: `SKU-${i}-${j}`,
      title: `Item ${j} of order ${i}: a plain cotton t-shirt, size M, colour navy`,
      quantity: j + 1,
      price: 19.9 + j,
    })),
    note: 'Leave the parcel with the neighbour at number 12 if nobody answers the door. '.repeat(3),
  }));
  return JSON.stringify(items);
}
