import type { jobErrors as enErrors, jobs as enJobs } from '../en/jobs.ts';

/** 后台任务：错误与进度面板。 */
export const jobErrors: typeof enErrors = {
  'job.cancel_forbidden': '只有发起该任务的人或管理员可以取消它',
  'job.not_cancellable': '该任务已结束或正在保存结果，无法再取消',
  'import.needs_memory': '转换该描述需要超过 {0} MB 内存；管理员可调大 QUIRE_WORKER_HEAP_MB',
  'import.convert_timeout': '转换该描述的时间超过了 {0} 秒的上限',
  'import.too_deep': '该描述嵌套过深，无法读取',
  'import.stopped': '导入过程中服务器停止了；它会重新运行',
};

export const jobs: typeof enJobs = {
  title: '后台任务',
  running: '运行中的任务',
  none: '没有正在运行的任务',
  loadFailed: '无法加载任务',
  cancel: '取消任务',
  cancelConfirm: '取消该任务？它的任何内容都不会保留。',
  cancelled: '任务已取消',
  statusQueued: '等待中',
  statusRunning: '运行中',
  statusDone: '已完成',
  statusFailed: '失败',
  statusCancelled: '已取消',
  phaseQueued: '等待执行',
  phaseFetch: '正在获取来源',
  phaseParse: '正在读取描述',
  phaseConvert: '正在转换接口',
  phaseWrite: '正在保存文档',
  phaseCommit: '正在保存文档',
  count: '{0} / {1}',
  kindImport: '导入',
  kindRefresh: '重新导入',
};
