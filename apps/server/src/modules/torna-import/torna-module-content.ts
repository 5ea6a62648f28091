import { ParamListSchema, type ParamRow, withParamIds } from '@quire/api-model';
import { sanitizeHtml } from '../../lib/html-sanitizer.ts';
import { newId } from '../../lib/ids.ts';
import { paramTree } from './torna-docs.ts';
import { insertRows } from './torna-import.repository.ts';
import { flag, groupBy, id, int, live, text, time } from './torna-rows.ts';
import type { ImportRun } from './torna-run.ts';
import { bringOnce, Reason } from './torna-steps.ts';
import { note, reason, subject } from './torna-messages.ts';
import type { TornaText } from '@quire/shared';

/* What a Torna application holds besides its docs: dictionaries with their items, environments with their
   global headers, params and returns. */

export async function importEnums(run: ImportRun): Promise<void> {
  const items = groupBy(run.rows('enum_item'), 'enum_id', false);
  for (const row of run.rows('enum_info')) {
    const own = items.get(id(row)) ?? [];
    await bringOnce(
      run,
      'enum_info',
      'enum',
      row,
      async () => {
        const moduleId = run.quireId('module', id(row, 'module_id'));
        if (!moduleId) {
          run.leave('enum_info', reason('reason.orphan_module'));
          run.leave('enum_item', reason('reason.orphan_enum'), own.length);
          return undefined;
        }
        const quireId = newId();
        await insertRows(run.db, 'enums', [
          {
            id: quireId,
            moduleId,
            name: text(row, 'name').slice(0, 128) || `#${id(row)}`,
            description: text(row, 'description'),
            createdBy: run.owner,
            createdAt: time(row, 'gmt_create', run.now),
            updatedAt: time(row, 'gmt_modified', run.now),
          },
        ]);
        const alive = own.filter(live).sort((a, b) => int(a, 'order_index') - int(b, 'order_index'));
        run.leave('enum_item', Reason.softDeleted, own.length - alive.length);
        await insertRows(
          run.db,
          'enumItems',
          alive.map((item, index) => ({
            id: newId(),
            enumId: quireId,
            name: text(item, 'name'),
            type: text(item, 'type'),
            value: text(item, 'value'),
            description: text(item, 'description'),
            orderIndex: index,
          })),
        );
        run.report('enum_item').added += alive.length;
        return quireId;
      },
      {
        row,
        items: own.map((item) => [
          text(item, 'name'),
          text(item, 'value'),
          text(item, 'description'),
          live(item),
        ]),
      },
    );
  }
}

function globalsOf(
  run: ImportRun,
  rows: ReturnType<ImportRun['rows']>,
  where: TornaText,
): Record<string, ParamRow[]> {
  const table = (style: number) => {
    const tree = paramTree(
      rows.filter((row) => int(row, 'style') === style),
      new Map(),
      (message) => run.note(message),
      where,
    );
    const parsed = ParamListSchema.safeParse(tree);
    if (!parsed.success) {
      run.note(note('note.globals_unreadable', where, style));
      return [];
    }
    return withParamIds(
      parsed.data.map(function clean(row): ParamRow {
        return { ...row, description: sanitizeHtml(row.description), children: row.children.map(clean) };
      }),
      newId,
    );
  };
  return { globalHeaders: table(1), globalParams: table(2), globalReturns: table(3) };
}

export async function importEnvironments(run: ImportRun): Promise<void> {
  const params = groupBy(run.rows('module_environment_param'), 'environment_id');
  const order = new Map<string, number>();
  for (const row of run.rows('module_environment')) {
    const own = params.get(id(row)) ?? [];
    await bringOnce(
      run,
      'module_environment',
      'environment',
      row,
      async () => {
        const moduleId = run.quireId('module', id(row, 'module_id'));
        if (!moduleId) {
          run.leave('module_environment', reason('reason.orphan_module'));
          return undefined;
        }
        const quireId = newId();
        const index = order.get(moduleId) ?? 0;
        order.set(moduleId, index + 1);
        await insertRows(run.db, 'moduleEnvironments', [
          {
            id: quireId,
            moduleId,
            name: text(row, 'name').slice(0, 64) || `#${id(row)}`,
            baseUrl: text(row, 'url').trim().replace(/\/+$/, ''),
            isPublic: flag(row, 'is_public'),
            orderIndex: index,
            createdAt: time(row, 'gmt_create', run.now),
            updatedAt: time(row, 'gmt_modified', run.now),
          },
        ]);
        if (own.length > 0) {
          await insertRows(run.db, 'environmentGlobals', [
            {
              environmentId: quireId,
              content: JSON.stringify(globalsOf(run, own, subject('subject.environment', id(row)))),
              updatedBy: run.owner,
              updatedAt: run.now,
            },
          ]);
          run.report('module_environment_param').added += own.length;
        }
        return quireId;
      },
      {
        row,
        params: own.map((p) => [
          id(p),
          text(p, 'name'),
          text(p, 'type'),
          text(p, 'description'),
          text(p, 'example'),
        ]),
      },
    );
  }
  const deleted = run.rows('module_environment_param').filter((row) => !live(row)).length;
  run.leave('module_environment_param', Reason.softDeleted, deleted);
}
