import { describe, expect, it } from 'vitest';
import { ApiDocSchema } from '../model/api-doc.ts';
import { ImportError } from './import-error.ts';
import { markdownToModel } from './markdown-to-model.ts';
import { docsOf } from './test-support/tree-walk.ts';

// The layout of YApi's Markdown export (common/markdown.js): project name as an <h1>, categories as `#`,
// interfaces as `##` with an anchor, `### 基本信息` / `### 请求参数` / `### 返回数据`, JSON schemas as HTML tables
// indented 20px per level, raw bodies as javascript code blocks.
const row = (
  key: string,
  level: number,
  name: string,
  type: string,
  required: boolean,
  desc = '',
  sub = '',
) =>
  `<tr key=${key}><td key=0><span style="padding-left: ${20 * level}px"><span style="color: #8c8a8a">${level > 0 ? '├─' : ''}</span> ${name}</span></td><td key=1>${type}</td><td key=2>${required ? '必须' : '非必须'}</td><td key=3></td><td key=4><span style="white-space: pre-wrap">${desc}</span></td><td key=5>${sub}</td></tr>`;
const table = (rows: string) =>
  `<table>\n  <thead class="ant-table-thead">\n    <tr>\n      <th key=name>名称</th><th key=type>类型</th><th key=required>是否必须</th><th key=default>默认值</th><th key=desc>备注</th><th key=sub>其他信息</th>\n    </tr>\n  </thead><tbody className="ant-table-tbody">${rows}\n               </tbody>\n              </table>\n            `;

const yapi = `
 <h1 class="curproject-name"> 商城 </h1> 
 商城接口


# 用户

## 登录
<a id=登录> </a>
### 基本信息

**Path：** /api/user/login

**Method：** POST

**接口描述：**
<p>用户登录</p>

### 请求参数
**Headers**

| 参数名称  | 参数值  |  是否必须 | 示例  | 备注  |
| ------------ | ------------ | ------------ | ------------ | ------------ |
| Content-Type  |  application/json | 是  |   |   |
| X-Tenant  |   | 否  |  acme |  租户 |
**Body**

${table(
  row('0-0', 0, 'username', '<span>string</span>', true, '用户名') +
    row('0-1', 0, 'profile', '<span>object</span>', false) +
    row('0-1-0', 1, 'age', '<span>integer</span>', false) +
    row(
      '0-2',
      0,
      'roles',
      '<span>object []</span>',
      false,
      '',
      '<p key=0><span style="font-weight: \'700\'">item 类型: </span><span>object</span></p>',
    ) +
    row(
      '0-2-0',
      1,
      'code',
      '<span>string</span>',
      true,
      '',
      '<p key=0><span style="font-weight: \'700\'">枚举: </span><span>admin,user</span></p>',
    ),
)}
### 返回数据

\`\`\`javascript
{"token": "abc", "expires": 3600}
\`\`\`

# 订单

## 订单详情
<a id=订单详情> </a>
### 基本信息

**Path：** /shop/api/order/{id}

**Method：** GET

**接口描述：**


### 请求参数
**路径参数**

| 参数名称 | 示例  | 备注  |
| ------------ | ------------ | ------------ | ------------ | ------------ |
| id |  7 |  订单号 |
**Query**

| 参数名称  |  是否必须 | 示例  | 备注  |
| ------------ | ------------ | ------------ | ------------ |
| fields | 否  |  all |  字段 |

### 返回数据

${table(row('0-0', 0, 'id', '<span>number</span>', true) + row('0-1', 0, 'items', '<span>string []</span>', false))}
`;

describe('markdownToModel (YApi export)', () => {
  it('reads categories, interfaces, headers, path, query, nested JSON body and a JSON response', () => {
    const tree = markdownToModel(yapi);
    expect(tree.nodes.map((n) => (n.kind === 'folder' ? n.name : ''))).toEqual(['用户', '订单']);
    const [login, order] = docsOf(tree).map((d) => d.doc);
    expect(login).toMatchObject({
      name: '登录',
      httpMethod: 'POST',
      url: '/api/user/login',
      contentType: 'application/json',
    });
    expect(login?.description).toContain('用户登录');
    expect(login?.headerParams.map((r) => [r.name, r.required, r.example])).toEqual([
      ['X-Tenant', false, 'acme'],
    ]);
    expect(
      login?.requestParams.map((r) => [r.name, r.type, r.required, r.children.map((c) => c.name)]),
    ).toEqual([
      ['username', 'string', true, []],
      ['profile', 'object', false, ['age']],
      ['roles', 'array', false, ['code']],
    ]);
    expect(login?.requestParams[1]?.children[0]?.type).toBe('number');
    expect(login?.requestParams[2]?.children[0]?.description).toContain('admin,user');
    expect(login?.responseParams.map((r) => r.name)).toEqual(['token', 'expires']);
    expect(order).toMatchObject({ name: '订单详情', httpMethod: 'GET', url: '/shop/api/order/{id}' });
    expect(order?.responseParams.map((r) => [r.name, r.type])).toEqual([
      ['id', 'number'],
      ['items', 'str_array'],
    ]);
    expect(order?.pathParams.map((r) => [r.name, r.example])).toEqual([['id', '7']]);
    expect(order?.queryParams.map((r) => [r.name, r.required])).toEqual([['fields', false]]);
    for (const node of docsOf(tree)) expect(ApiDocSchema.safeParse(node.doc).success).toBe(true);
  });

  it('refuses Markdown without interfaces', () => {
    expect(() => markdownToModel('# Notes\n\nJust text.')).toThrow(ImportError);
  });
});
