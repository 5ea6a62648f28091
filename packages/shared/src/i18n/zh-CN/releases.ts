import type { releaseErrors as en, releases as enReleases } from '../en/releases.ts';

/** 版本、对比与变更日志。 */
export const releaseErrors: typeof en = {
  'release.not_found': '版本不存在',
  'release.no_taken': '该项目已存在版本号"{0}"',
  'release.doc_outside': '版本中的文档或应用不属于该项目：{0}',
  'compare.invalid_source': '无法对比该文档描述：{0}',
};

export const releases: typeof enReleases = {
  title: '版本管理',
  changelog: '变更日志',
  create: '新建版本',
  releaseNo: '版本号',
  releaseDesc: '版本描述',
  status: '状态',
  valid: '有效',
  invalid: '无效',
  docCount: '文档数',
  createdAt: '创建时间',
  creator: '创建人',
  empty: '还没有版本：版本会冻结文档当前的内容，以便日后对比。',
  loadFailed: '版本加载失败',
  created: '版本 {0} 已创建',
  remove: '删除',
  removeConfirm: '删除版本 {0}？文档本身保留，只删除冻结的版本。',
  compareNow: '此后的变更',
  noReleaseYet: '还没有有效版本：创建一个版本后即可查看之后的变更。',
  sinceRelease: '自版本 {0} 以来的变更',
  noChanges: '自该版本以来没有变更。',
  breaking: '破坏性',
  nonBreaking: '非破坏性',
  docsOnly: '仅文档',
  added: '新增',
  removed: '删除',
  changed: '修改',
  summary: '破坏性 {0} 处，非破坏性 {1} 处，仅文档 {2} 处',
  showMore: '再显示 {0} 个接口（共 {1} 个）',
  rule: '规则',
  readTitle: '版本 {0}',
  selector: '版本',
  read: '查看',
  docs: '版本中的文档',
  noDocs: '该版本不包含文档。',
  pickDoc: '请在左侧选择版本中的文档。',
  application: '应用',
  allApplications: '全部应用',
  feed: '订阅变更日志（Atom 源）',
  actions: '操作',
};

export const releaseFeed: typeof import('../en/releases.ts').releaseFeed = {
  title: '{0}：变更日志',
  release: '版本 {0}',
  unreleased: '自版本 {0} 以来的变更',
  firstRelease: '首个版本：共 {0} 个接口',
  noChanges: '分享的文档没有变更。',
};
