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
};
