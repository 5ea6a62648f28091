import type { Translation } from '../en/index.ts';

/** 开放接口（`POST /api`，Torna 推送格式）与应用推送令牌的文案。 */
export const push: Translation['push'] = {
  success: 'success',
  unknownMethod: '不存在的接口 "{0}"（版本 {1}）。可用接口：{2}',
  invalidParams: '参数错误：{0}',
  bodyNotJson: '请求体不是 JSON 对象：请发送 {"name", "version", "data", "access_token"}',
  nameMissing: '缺少 "name"：请指明要调用的接口，例如 doc.push',
  dataNotJson: '"data" 不是 JSON（可以是 URL 编码的 JSON 文本、JSON 文本或对象）',
  tooLarge: '请求体超过 {0}（开放接口的上限）；请拆分推送（除第一次外使用 isReplace=0）',
  tooDeep: '数据嵌套超过 {0} 层',
  tokenMissing: '缺少 "access_token"：请发送应用的推送令牌（应用的模块设置 > 推送令牌）',
  tokenInvalid: '"access_token" 无效：令牌不存在、已刷新，或其应用已删除',
  signMissing: '该应用要求签名：请发送 "app_key" 和 "sign"',
  appKeyInvalid: '"app_key" {0} 不存在、已禁用，或不是该应用所在空间的开放用户',
  appKeyNoSecret: '开放用户 {0} 还没有签名密钥：请在空间的开放用户中重置其密钥',
  signInvalid: '"sign" 校验失败：应为 secret + 按名称排序的参数名与值（不含 sign）+ secret 的大写 MD5',
  timestampMissing:
    '该应用要求签名：请发送 "timestamp"（服务端时区的 yyyy-MM-dd HH:mm:ss、带时区偏移的 ISO 时间或毫秒时间戳）',
  timestampExpired:
    '"timestamp" {0} 与服务端时间相差超过 {1} 分钟：请在发送时签名（已签名的请求不能事后重放）',
  systemError: '系统错误：详情见服务端日志（请求 {0}）',
  docNotFound: '该应用中没有文档 {0}',
  folderNotFound: '该应用中没有分类 {0}',
  folderNameTaken: '该位置已有名为「{0}」的分类',
  nameRequired: '"name" 不能为空',
  apisList: '"apis" 缺失或不是列表：请发送要推送的分类和文档',
  urlInvalid: '"url" 必须是 http(s) 地址，而不是 "{0}"',
  swaggerInvalid: '无法读取 Swagger/OpenAPI 内容：{0}',
  tokenTitle: '推送令牌',
  tokenIntro:
    'smart-doc、Torna 的插件与 SDK 以及 quire push 命令使用此令牌向 {0} 推送文档。令牌只对本应用有效。',
  tokenNone: '该应用还没有推送令牌。',
  tokenExists: '由 {1} 创建于 {0}。最近使用：{2}。',
  tokenNeverUsed: '从未使用',
  tokenCreate: '创建令牌',
  tokenRefresh: '刷新令牌',
  tokenRefreshConfirm: '刷新推送令牌？',
  tokenRefreshWarning: '当前令牌会立即失效：所有使用它推送的构建都需要换成新令牌。',
  tokenShownOnce: '请立即复制令牌：Quire 只保存它的哈希，之后无法再次显示。',
  tokenCommand: '在 CI 任务中推送 OpenAPI 或 Swagger 文件：',
  tokenSmartDoc: 'smart-doc（smart-doc.json）："openUrl": "{0}", "appToken": "<令牌>"',
  tokenReadOnly: '只有项目的开发者和管理员可以查看和刷新推送令牌。',
  requireSignature: '要求签名',
  requireSignatureHint:
    '开放接口还需要本空间一个已启用开放用户的 app_key，以及用其密钥生成的 sign（即 smart-doc 的 appKey 与 secret）。',
};
