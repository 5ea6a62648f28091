import type { exportDoc as en, exportErrors as enErrors, htmlExport as enHtml } from '../en/export.ts';

/** 文档导出（Markdown、Word、OpenAPI、Postman）：拒绝原因和文件中的文字。 */
export const exportErrors: Record<keyof typeof enErrors, string> = {
  'export.no_docs': '请选择文档',
  'export.environments_required': '请勾选环境',
  'export.too_large':
    '内容过多，无法导出为 Word：共 {0} 行参数，最多 {1} 行；请少选一些文档，或导出为 Markdown 或 OpenAPI',
  'export.file_not_found': '导出的文件不存在：只有导出人可以下载，保留一天',
  'export.needs_memory': '导出所需内存超过工作线程上限（{0} MB），请少选一些文档',
  'export.timeout': '导出耗时超过 {0} 秒，请少选一些文档',
  'export.folder_not_found': '该应用中没有目录“{0}”（目录按路径指定，例如 Orders/Refunds）',
  'gen.template_not_found': '模板不存在',
  'gen.template_name_taken': '该分组中已存在同名模板',
  'gen.template_syntax': '模板语法错误（第 {0} 行第 {1} 列）：{2}',
  'gen.render_failed': '模板生成失败：{0}',
  'gen.template_disabled': '该模板已停用，需用 Liquid 重写后才能使用（后台管理 > 代码模板）：{0}',
};

export const exportDoc: Record<keyof typeof en, string> = {
  maintainer: '维护人',
  url: 'URL',
  description: '描述',
  contentType: 'ContentType',
  pathParams: '路径参数',
  headerParams: '请求头',
  requestParams: '请求参数',
  queryParams: 'Query 参数',
  bodyParams: 'Body 参数',
  requestExample: '请求示例',
  responseParams: '返回参数',
  responseExample: '响应示例',
  errorCodes: '错误码',
  name: '名称',
  type: '类型',
  required: '必填',
  maxLength: '最大长度',
  example: '示例值',
  code: '错误码',
  solution: '解决方案',
  yes: '是',
  no: '否',
  deprecated: '已废弃',
  contents: '目录',
};

export const htmlExport: Record<keyof typeof enHtml, string> = {
  docTree: '文档',
  filter: '筛选文档',
  noMatch: '没有匹配的文档',
  empty: '没有文档',
};
