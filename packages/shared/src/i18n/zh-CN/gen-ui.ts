import type { genUi as en } from '../en/gen-ui.ts';

/** 文档页的“生成代码”对话框。 */
export const genUi: Record<keyof typeof en, string> = {
  button: '生成代码',
  title: '生成代码：{0}',
  template: '模板',
  pickTemplate: '选择模板',
  noTemplates: '还没有模板：请超级管理员添加。',
  templatesError: '无法加载模板。',
  copy: '复制',
  copied: '已复制',
  download: '下载',
  close: '关闭',
  adminTitle: '代码模板',
  adminIntro: '用 Liquid 编写的模板把文档转换成代码。读者在文档页的“生成代码”中选择模板。',
  newTemplate: '新建模板',
  group: '分组',
  groupHint: '模板按分组列出，例如 TypeScript 或 Java。',
  name: '名称',
  content: '模板内容',
  deleteTemplate: '删除',
  disabled: '该模板已停用，需用 Liquid 重写：读者暂时无法用它生成代码。保存重写后即启用。',
  deleteConfirm: '删除模板“{0}”？删除后读者无法再用它生成代码。',
  saved: '模板已保存',
  created: '模板已创建',
  deleted: '模板已删除',
  emptyTree: '还没有模板',
  pickOne: '在左侧选择一个模板，或新建一个。',
  reference: '模板可用的内容',
  refDocTitle: 'doc',
  refDoc:
    'name、description（纯文本）、url、urlTemplate（路径变量写成模板字符串占位符的 url）、httpMethod、contentType、author、functionName（驼峰）、requestTypeName、responseTypeName、isRequestArray、isResponseArray、pathParams、headerParams、queryParams、requestParams、responseParams（字段树）、requestExample、responseExample（JSON 文本）。',
  refTypesTitle: 'requestTypes、responseTypes',
  refTypes:
    '请求体和响应体中的每个对象，包含 name、description 和 fields，请求体本身在前、嵌套对象在后，模板无需递归即可为每一项写一个类。',
  refFieldTitle: '字段',
  refField:
    'name、type、typeName（对象或数组字段的类名）、required、maxLength、example、description、enumValues、children。',
  refFiltersTitle: '过滤器',
  refFilters:
    'camel_case、pascal_case、snake_case、kebab_case；在字段上使用 type: "ts"（或 java、kotlin、go、python、csharp）写出该语言的类型。',
  refLimits:
    '模板只能读取上述内容：不能读文件，也不能引用其他模板。渲染超过 1 秒或 1,000,000 个字符即停止；保存时语法错误会连同行号和列号被拒绝。',
  loadError: '无法加载模板。',
};
