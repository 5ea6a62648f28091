import { describe, expect, it } from 'vitest';
import { ApiDocSchema } from '../model/api-doc.ts';
import { ImportError } from './import-error.ts';
import { markdownToModel } from './markdown-to-model.ts';
import { docsOf } from './test-support/tree-walk.ts';

// The shape of YApi's Markdown export (exts/yapi-plugin-export-data), trimmed to two interfaces.
const yapi = `# 商城

## 用户

### 登录
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
| X-Tenant  |   | 否  | acme  | 租户  |
**Body**

<table>
  <thead class="ant-table-thead">
    <tr>
      <th key=name>名称</th><th key=type>类型</th><th key=required>是否必须</th><th key=default>默认值</th><th key=desc>备注</th><th key=sub>其他信息</th>
    </tr>
  </thead><tbody className="ant-table-tbody"><tr key=0-0><td key=0><span style="padding-left: 0px"><span style="color: #8c8a8a"></span> username</span></td><td key=1><span>string</span></td><td key=2>必须</td><td key=3></td><td key=4><span style="white-space: pre-wrap">用户名</span></td><td key=5></td></tr><tr key=0-1><td key=0><span style="padding-left: 0px"><span style="color: #8c8a8a"></span> profile</span></td><td key=1><span>object</span></td><td key=2>非必须</td><td key=3></td><td key=4><span style="white-space: pre-wrap"></span></td><td key=5></td></tr><tr key=0-1-0><td key=0><span style="padding-left: 20px"><span style="color: #8c8a8a">├─</span> age</span></td><td key=1><span>integer</span></td><td key=2>非必须</td><td key=3></td><td key=4><span style="white-space: pre-wrap"></span></td><td key=5></td></tr>
               </tbody>
              </table>

### 返回数据

\`\`\`javascript
{"token": "abc", "expires": 3600}
\`\`\`

## 订单

### 订单详情
<a id=订单详情> </a>
### 基本信息

**Path：** /api/order/{id}

**Method：** GET

**接口描述：**


### 请求参数
**路径参数**

| 参数名称 | 示例  | 备注  |
| ------------ | ------------ | ------------ |
| id |  7 |  订单号 |
**Query**

| 参数名称  |  是否必须 | 示例  |  备注  |
| ------------ | ------------ | ------------ | ------------ |
| fields | 否  |  all |  字段  |
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
    ]);
    expect(login?.responseParams.map((r) => r.name)).toEqual(['token', 'expires']);
    expect(order).toMatchObject({ name: '订单详情', httpMethod: 'GET', url: '/api/order/{id}' });
    expect(order?.pathParams.map((r) => [r.name, r.example])).toEqual([['id', '7']]);
    expect(order?.queryParams.map((r) => [r.name, r.required])).toEqual([['fields', false]]);
    for (const node of docsOf(tree)) expect(ApiDocSchema.safeParse(node.doc).success).toBe(true);
  });

  it('refuses Markdown without interfaces', () => {
    expect(() => markdownToModel('# Notes\n\nJust text.')).toThrow(ImportError);
  });
});
