import type {
  tokenErrors as enErrors,
  tokens as enTokens,
  tokenValidation as enValidation,
} from '../en/tokens.ts';

/** 个人访问令牌与 MCP 连接（账户页面 `/user/tokens`）。 */
export const tokenErrors: typeof enErrors = {
  'token.not_found': '该令牌不存在',
  'token.not_allowed': '个人访问令牌不能执行此操作，请登录 Quire 后再操作',
  'token.read_only': '该个人访问令牌为只读',
  'token.too_many': '你已持有 {0} 个令牌，请先吊销一个再创建',
  'token.project_invalid': '所选项目不存在或你无权阅读',
};

export const tokens: typeof enTokens = {
  menu: '访问令牌',
  title: '个人访问令牌',
  intro:
    '令牌让脚本或编码助手（MCP 客户端）以你的权限阅读文档。它永远无法进入管理后台，也不能修改密码或令牌。',
  create: '新建令牌',
  createTitle: '新建个人访问令牌',
  name: '名称',
  namePlaceholder: '例如：我笔记本上的 Claude Code',
  expiry: '有效期',
  expiryDays: '{0} 天后过期',
  expiryNever: '永不过期',
  scope: '权限范围',
  scopeRead: '只读',
  scopeWrite: '读写',
  scopeWriteHelp: '读写令牌拥有你自己的权限；通过 MCP 时只能改进文档描述。',
  projects: '项目',
  projectsPlaceholder: '我能阅读的所有项目',
  projectsHelp: '留空表示你现在及以后能阅读的所有项目。',
  allProjects: '所有项目',
  prefix: '令牌',
  created: '创建时间',
  lastUsed: '最近使用',
  neverUsed: '从未使用',
  status: '状态',
  statusActive: '有效',
  statusExpired: '已过期',
  statusRevoked: '已吊销',
  revoke: '吊销',
  revokeNamed: '吊销令牌 {0}',
  revokeConfirm: '吊销令牌“{0}”？使用它的所有客户端会立即失效。',
  revoked: '令牌已吊销',
  createdTitle: '令牌已创建',
  createdHint: '请立即复制令牌：它只显示这一次，之后无法再查看。',
  tokenLabel: '令牌',
  empty: '还没有令牌',
  loadFailed: '无法加载令牌',
  connectTitle: '连接 MCP 客户端',
  connectIntro:
    '将下面的 JSON 加入客户端的 MCP 设置（Claude Code、Cursor、VS Code 等都读取这种格式），并把 <token> 换成你的令牌。下面的命令也会打印它。',
  connectCli: '或在终端中运行：',
  copySnippet: '复制 JSON',
};

/** MCP 工具输入的校验消息（modules/mcp/mcp-server.ts）。 */
export const tokenValidation: typeof enValidation = {
  number_range: '须为 {0} 到 {1} 之间的整数',
  date_time: '须为 ISO 8601 日期时间，如 2026-01-31T08:00:00Z',
};
