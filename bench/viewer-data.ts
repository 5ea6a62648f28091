import { randomBytes } from 'node:crypto';
import { type ApiDoc, newApiDoc, searchSourceOf, searchTextOf, searchWordsOf } from '@quire/api-model';
import Database from 'better-sqlite3';

/**
 * Generated docs for the reader benchmark, written straight into the server's SQLite file (WAL lets the
 * running server read them at once). Rows are what the server itself stores for a save: the document JSON,
 * its light columns and its search text and words; the FTS triggers of the migration index them as they land.
 * Writing 50,000 docs through `POST /api/doc/save` would take longer than everything measured here.
 */

const NOUNS = [
  'order',
  'user',
  'payment',
  'invoice',
  'product',
  'coupon',
  'refund',
  'address',
  'cart',
  'shipment',
];
const VERBS = ['list', 'get', 'create', 'update', 'delete', 'export', 'search', 'approve'];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'GET', 'POST'];
const FIELDS = [
  'id',
  'name',
  'status',
  'amount',
  'currency',
  'createdAt',
  'updatedAt',
  'ownerId',
  'remark',
  'tenantCode',
  'pageIndex',
  'pageSize',
  'total',
  'sku',
  'quantity',
  'price',
  'email',
  'phone',
  'province',
  'postCode',
];
const WORDS_ZH = ['订单', '用户', '支付', '发票', '商品', '优惠券', '退款', '地址', '购物车', '物流'];

const id = () => randomBytes(12).toString('base64url').slice(0, 16);

/** Twenty params: ten request fields, ten response fields under `data`. */
function paramsOf(seed: number) {
  const field = (k: number) => FIELDS[(seed + k) % FIELDS.length] as string;
  const row = (k: number) => ({
    name: field(k),
    type: k % 3 === 0 ? 'number' : 'string',
    example: k % 2 ? `${field(k)}-${seed}` : '',
    description: `${WORDS_ZH[(seed + k) % WORDS_ZH.length]} ${field(k)} of the ${NOUNS[seed % NOUNS.length]}`,
  });
  return {
    requestParams: Array.from({ length: 10 }, (_, k) => row(k)),
    responseParams: [
      { name: 'data', type: 'object', children: Array.from({ length: 9 }, (_, k) => row(k + 10)) },
    ],
  };
}

// Parsing the model once per shape, then copying, keeps generation to seconds.
const templates = Array.from({ length: FIELDS.length }, (_, seed) => newApiDoc('template', paramsOf(seed)));

export function docFor(n: number): ApiDoc {
  const noun = NOUNS[n % NOUNS.length] as string;
  const verb = VERBS[Math.floor(n / NOUNS.length) % VERBS.length] as string;
  return {
    ...(templates[n % templates.length] as ApiDoc),
    name: `${verb} ${noun} ${n}`,
    url: `/api/${noun}s/${verb}/${n}`,
    httpMethod: METHODS[n % METHODS.length] as ApiDoc['httpMethod'],
    contentType: 'application/json',
    description: `<p>${verb}s ${noun} records (${WORDS_ZH[n % WORDS_ZH.length]}), case ${n}.</p>`,
  };
}

export interface Seed {
  file: string;
  moduleId: string;
  userId: string;
  folders: number;
  docsPerFolder: number;
  /** Numbers docs from here, so several modules get distinct names and URLs. */
  offset: number;
}

/** Inserts `folders` folders of `docsPerFolder` docs each into a module; answers the doc ids. */
export function seedDocs(seed: Seed): string[] {
  const db = new Database(seed.file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 10000');
  const insert =
    db.prepare(`insert into docs (id, module_id, parent_id, is_folder, name, url, http_method, type,
    order_index, is_show, deprecated, is_locked, author, content_type, revision, search_text, search_words,
    created_by, updated_by, created_at, updated_at) values (@id, @moduleId, @parentId, @isFolder, @name, @url, @httpMethod,
    @type, @orderIndex, 1, @deprecated, 0, @author, @contentType, 1, @searchText, @searchWords, @by, @by, @at, @at)`);
  // The document is the doc's first revision (migration 2026-11-29T0030-doc-content-in-revisions).
  const revision = db.prepare(`insert into doc_revisions (doc_id, revision, snapshot, remark, source, changes,
    created_by, created_at) values (@id, 1, @content, '', 'web', '[]', @by, @at)`);
  const row = (values: Record<string, unknown> & { content: string }) => {
    const { content, ...rest } = values;
    insert.run(rest);
    revision.run({ id: values.id, content, by: values.by, at: values.at });
  };
  const at = new Date().toISOString();
  const ids: string[] = [];
  db.transaction(() => {
    for (let f = 0; f < seed.folders; f++) {
      const folderId = id();
      const folder = newApiDoc(`Folder ${seed.offset / seed.docsPerFolder + f}`, { httpMethod: '' });
      row({
        id: folderId,
        moduleId: seed.moduleId,
        parentId: '',
        isFolder: 1,
        name: folder.name,
        url: '',
        httpMethod: '',
        type: 0,
        orderIndex: 10_000 + f * 10,
        deprecated: '$false$',
        author: '',
        contentType: '',
        content: JSON.stringify(folder),
        searchText: searchTextOf(folder),
        searchWords: searchWordsOf(folder.name, '', searchSourceOf(folder)),
        by: seed.userId,
        at,
      });
      for (let d = 0; d < seed.docsPerFolder; d++) {
        const n = seed.offset + f * seed.docsPerFolder + d;
        const doc = docFor(n);
        const docId = id();
        ids.push(docId);
        row({
          id: docId,
          moduleId: seed.moduleId,
          parentId: folderId,
          isFolder: 0,
          name: doc.name,
          url: doc.url,
          httpMethod: doc.httpMethod,
          type: 0,
          orderIndex: 10_000 + d * 10,
          deprecated: n % 97 === 0 ? 'replaced by v2' : '$false$',
          author: 'bench',
          contentType: doc.contentType,
          content: JSON.stringify(doc),
          searchText: searchTextOf(doc),
          searchWords: searchWordsOf(doc.name, doc.url, searchSourceOf(doc)),
          by: seed.userId,
          at,
        });
      }
    }
  })();
  db.close();
  return ids;
}

/** Search queries of a reader: words, word pairs, URL pieces, param names, Chinese words, a rare doc. */
export function searchQueries(count: number, docs: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const noun = NOUNS[i % NOUNS.length] as string;
    const verb = VERBS[(i * 7) % VERBS.length] as string;
    const kinds = [
      noun,
      `${verb} ${noun}`,
      `/api/${noun}s/${verb}`,
      FIELDS[(i * 3) % FIELDS.length] as string,
      WORDS_ZH[i % WORDS_ZH.length] as string,
      `${noun} ${(i * 7919) % docs}`,
      `${FIELDS[i % FIELDS.length]} ${noun}`,
      'id',
    ];
    out.push(kinds[i % kinds.length] as string);
  }
  return out;
}
