import type { exportUi as en } from '../en/export-ui.ts';

/** 应用文档列表的导出对话框。 */
export const exportUi: Record<keyof typeof en, string> = {
  button: '导出',
  title: '导出 {0}',
  format: '格式',
  markdown: 'Markdown',
  word: 'Word（.docx）',
  openapi: 'OpenAPI 3.1（JSON）',
  openapiYaml: 'OpenAPI 3.1（YAML）',
  postman: 'Postman Collection 2.1',
  style: '文件',
  allInOne: '全部导出到一个文件',
  perDoc: '每个文档一个文件，按目录打包为 zip',
  environments: '要打印的环境',
  noEnvironments: '该应用没有环境：URL 只打印路径。',
  environmentsError: '无法加载环境。',
  submit: '导出',
  done: '已导出 {0}',
};
