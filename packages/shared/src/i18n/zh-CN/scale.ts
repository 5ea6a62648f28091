/** 多实例运行相关的错误信息（就绪检查、停机）。 */
export const scaleErrors = {
  'system.not_ready': '服务暂不可用：数据库无法连接、尚未完成迁移，或正在停机',
};
