import type * as en from '../en/doc-tools.ts';
import type { Translation } from '../en/index.ts';

// 批量导入参数、环境公共参数、有未保存修改时恢复版本、回收站中的文档。

export const importValidation: Translation<typeof en.importValidation> = {
  param_text: '请粘贴 JSON 示例、key: value 行，或 a=1&b=2 这样的查询字符串',
  param_line: '第 {0} 行：请写成 key: value、key=value，或用 Tab 分隔名称和值',
  param_name_line: '第 {0} 行：“{1}”不是有效的名称（仅支持字母、数字、- 和 _）',
  param_name: '“{0}”不是有效的参数名（仅支持字母、数字、- 和 _）',
  param_encoding: '无法解码“{0}”：百分号编码有误',
};

export const importErrors: Translation<typeof en.importErrors> = {
  'trash.doc_taken': '无法恢复“{0}”：{1} {2} 已被此应用中的“{3}”使用。请先修改或删除该文档。',
  'trash.module_deleted': '请先恢复该文档所属的应用',
};

export const paramImport: Translation<typeof en.paramImport> = {
  button: '批量导入',
  title: '导入参数',
  hint: '可粘贴以下任意格式，系统会自动识别：',
  formatJson: 'JSON 示例：类型由值推断，对象和数组生成子节点',
  formatLines: 'key: value 行（Postman 批量编辑、从浏览器复制的请求头）、key=value 行，或从表格复制的两列',
  formatForm: '查询字符串或表单：a=1&b=2、?a=1 或完整 URL；a[]=1 表示数组，a[b]=1 或 a.b=1 表示子节点',
  text: '要导入的文本',
  detected: '识别为：{0}',
  format: { json: 'JSON 示例', lines: 'key: value 行', form: '查询字符串 / 表单' },
  replace: '替换现有参数',
  ok: '导入',
};

export const globals: Translation<typeof en.globals> = {
  tab: '公共参数',
  title: '公共请求头、公共请求参数、公共返回参数',
  intro:
    '这里定义的参数会显示在本应用中开启了“使用公共……”开关的每个文档里。阅读者看到的是第一个环境的公共参数；每个环境各自保存一份。',
  environment: '环境',
  headers: '公共请求头',
  params: '公共请求参数',
  returns: '公共返回参数',
  headersHint: '显示在请求头最前面；文档中同名的请求头将被隐藏。',
  paramsHint: '显示在查询参数（GET）或请求体（其他方法）最前面。',
  returnsHint: '显示在返回参数最前面。',
  dataNode: '数据节点',
  dataNodeHint: '示例值为 $data$ 的参数是数据节点：文档自己的参数会放在它下面，例如 {code, msg, data: {…}}。',
  dataNodeNone: '无',
  dataNodeOf: '文档参数放在',
  save: '保存公共参数',
  saved: '公共参数已保存',
  reset: '放弃修改',
  unsaved: '有未保存的修改',
  noEnvironments: '请先添加环境：公共参数属于某个环境。',
  readOnly: '只有项目的开发者和管理员可以修改公共参数。',
  leaveText: '现在切换，对公共参数的修改将会丢失。',
};

export const docTools: Translation<typeof en.docTools> = {
  restoreDirtyTitle: '放弃未保存的修改？',
  restoreDirtyText:
    '编辑器中有尚未保存的修改。恢复到版本 {0} 会用该版本替换文档，未保存的修改将会丢失。如需保留，请取消并先保存（保存后会成为一个可以回退的版本）。',
  restoreDirtyOk: '放弃修改并恢复',

  trashDoc: '文档',
  trashFolder: '文件夹',
};
