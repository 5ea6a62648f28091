import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, detailOf, saveDoc } from '../../../test/doc-fixture.ts';
import { expectError, expectOk, newUser } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface EnumAnswer {
  id: string;
  name: string;
  description: string;
}
interface ItemAnswer {
  id: string;
  name: string;
  type: string;
  value: string;
  orderIndex: number;
}

describe.each(testDialects())('dictionaries on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    w = await createDocWorld(t);
  });

  const addEnum = (name: string, description = '') =>
    expectOk<EnumAnswer>(
      t.post('/api/doc/enum/info/add', { moduleId: w.moduleId, name, description }, { token: w.token }),
    );
  const addItem = (enumId: string, name: string, value: string) =>
    expectOk<ItemAnswer>(
      t.post('/api/doc/enum/item/add', { enumId, name, type: 'number', value }, { token: w.token }),
    );

  it('creates dictionaries with items, lists them, edits and deletes', async () => {
    const status = await addEnum('OrderStatus', 'states of an order');
    await addEnum('Color');
    const paid = await addItem(status.id, 'PAID', '1');
    await addItem(status.id, 'SHIPPED', '2');
    const base = await expectOk<EnumAnswer[]>(
      t.get(`/api/doc/enum/info/baselist?moduleId=${w.moduleId}`, { token: w.token }),
    );
    expect(base.map((e) => e.name)).toEqual(['Color', 'OrderStatus']);
    expect(base[0]).not.toHaveProperty('items');
    const items = await expectOk<ItemAnswer[]>(
      t.get(`/api/doc/enum/item/list?enumId=${status.id}`, { token: w.token }),
    );
    expect(items.map((i) => [i.name, i.type, i.value])).toEqual([
      ['PAID', 'number', '1'],
      ['SHIPPED', 'number', '2'],
    ]);
    expect(items[1]?.orderIndex).toBeGreaterThan(items[0]?.orderIndex ?? 0);
    await expectOk(
      t.post(
        '/api/doc/enum/item/update',
        { id: paid.id, name: 'PAID', type: 'number', value: '10', description: 'paid' },
        { token: w.token },
      ),
    );
    await expectOk(
      t.post('/api/doc/enum/info/update', { id: status.id, name: 'Status' }, { token: w.token }),
    );
    const all = await expectOk<Array<EnumAnswer & { items: ItemAnswer[] }>>(
      t.get(`/api/doc/enum/info/all?moduleId=${w.moduleId}`, { token: w.token }),
    );
    expect(all.map((e) => [e.name, e.items.map((i) => i.value)])).toEqual([
      ['Color', []],
      ['Status', ['10', '2']],
    ]);
    await expectOk(t.post('/api/doc/enum/item/delete', { id: paid.id }, { token: w.token }));
    await expectOk(t.post('/api/doc/enum/info/delete', { id: status.id }, { token: w.token }));
    await expectError(
      t.get(`/api/doc/enum/item/list?enumId=${status.id}`, { token: w.token }),
      404,
      'enum.not_found',
    );
    expect(await t.db.selectFrom('enumItems').select('id').where('enumId', '=', status.id).execute()).toEqual(
      [],
    );
  });

  it('refuses duplicate names in an application and in a dictionary', async () => {
    const a = await addEnum('A');
    await addEnum('B');
    expect(
      await expectError(
        t.post('/api/doc/enum/info/add', { moduleId: w.moduleId, name: 'A' }, { token: w.token }),
        409,
        'enum.name_taken',
      ),
    ).toBe('A dictionary named "A" already exists in this application');
    await expectError(
      t.post('/api/doc/enum/info/update', { id: a.id, name: 'B' }, { token: w.token }),
      409,
      'enum.name_taken',
    );
    await addItem(a.id, 'X', '1');
    await expectError(
      t.post('/api/doc/enum/item/add', { enumId: a.id, name: 'X' }, { token: w.token }),
      409,
      'enum.item_name_taken',
    );
  });

  it('shows the items of dictionaries linked by a doc in its detail', async () => {
    const color = await addEnum('Color');
    await addItem(color.id, 'RED', '1');
    await addEnum('Unused');
    const doc = await saveDoc(t, w.token, {
      name: 'paint',
      url: '/paint',
      moduleId: w.moduleId,
      requestParams: [{ name: 'color', type: 'enum', enumId: color.id }],
    });
    const detail = await detailOf(t, w.token, doc.id);
    expect(detail.enums).toEqual([
      {
        id: color.id,
        moduleId: w.moduleId,
        name: 'Color',
        description: '',
        items: [expect.objectContaining({ name: 'RED', value: '1' })],
      },
    ]);
  });

  it('lets devs edit dictionaries, only admins delete them, guests read, strangers nothing', async () => {
    const dict = await addEnum('D');
    const join = async (role: string) => {
      const user = await newUser(t);
      await expectOk(
        t.post(
          '/api/space/member/add',
          { spaceId: w.spaceId, userIds: [user.id], roleCode: 'guest' },
          { token: w.token },
        ),
      );
      await expectOk(
        t.post(
          '/api/project/member/add',
          { projectId: w.projectId, userIds: [user.id], roleCode: role },
          { token: w.token },
        ),
      );
      return user.token;
    };
    const dev = await join('dev');
    const guest = await join('guest');
    const stranger = (await newUser(t)).token;
    await expectOk(t.post('/api/doc/enum/item/add', { enumId: dict.id, name: 'A' }, { token: dev }));
    await expectError(
      t.post('/api/doc/enum/info/delete', { id: dict.id }, { token: dev }),
      403,
      'auth.forbidden',
    );
    await expectOk(t.get(`/api/doc/enum/item/list?enumId=${dict.id}`, { token: guest }));
    await expectError(
      t.post('/api/doc/enum/info/add', { moduleId: w.moduleId, name: 'G' }, { token: guest }),
      403,
      'auth.forbidden',
    );
    await expectError(
      t.get(`/api/doc/enum/info/baselist?moduleId=${w.moduleId}`, { token: stranger }),
      403,
      'auth.forbidden',
    );
    await expectError(
      t.get(`/api/doc/enum/item/list?enumId=${dict.id}`, { token: stranger }),
      403,
      'auth.forbidden',
    );
  });
});
