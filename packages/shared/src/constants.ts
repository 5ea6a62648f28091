/**
 * Business constants shared by the server and the web app.
 * Each one is named once so a change cannot drift between the two sides; the doc constants (param types
 * and styles, doc types, content types, row defaults, ordering) belong to the doc model and are re-exported.
 */
export {
  BASE_PARAM_TYPES,
  CONTENT_TYPES,
  DocType,
  NOT_DEPRECATED,
  Ordering,
  PARAM_TYPES,
  ParamStyle,
  RowDefaults,
} from '@quire/api-model';

/** Product version shown beside the logo. */
export const APP_VERSION = '1.23.2';

/** Timeouts in milliseconds: the main client, the admin-style client and the message poll. */
export const Timeouts = {
  mainRequestMs: 600_000,
  adminRequestMs: 5_000,
  messagePollMs: 30_000,
} as const;

/** Page sizes offered by every paged list. */
export const PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** Layout breakpoints and widths in pixels. */
export const Layout = {
  mobileBreakpoint: 992,
  viewSidebarCollapse: 1000,
  dragMin: 50,
  dragMax: 800,
  railWidth: 70,
  viewSidebarWidth: 300,
  userMenuWidth: 200,
} as const;

/** Languages built into the product; others are uploaded by an admin. */
export const BUILTIN_LANGS = [
  { lang: 'zh-CN', description: '简体中文' },
  { lang: 'en', description: 'English' },
] as const;
export type BuiltinLang = (typeof BUILTIN_LANGS)[number]['lang'];
export const DEFAULT_LANG: BuiltinLang = 'zh-CN';

/** Unread badge cap. */
export const BADGE_MAX = 99;

/** Local-storage keys keep Torna's `torna.*` names so habits and scripts carry over. */
export const StorageKeys = {
  token: 'torna.token',
  language: 'torna.language',
  spaceId: 'torna.spaceid',
  projectId: 'torna.projectid',
  docViewTabSwitch: 'torna.doc.view.tab.switch',
  docViewDimension: 'torna.doc.view.dimension',
  docViewTreeTrigger: 'torna.doc.view.tree.trigger',
  sidebarOpen: 'torna.sidebar.open',
  menuWidth: 'torna-menuwidth',
} as const;

/** Account status values. */
export const UserStatus = { disabled: 0, enabled: 1, setPassword: 2 } as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];

/** Where an account came from. */
export const USER_SOURCES = ['register', 'backend', 'form', 'oauth', 'ldap'] as const;
export type UserSource = (typeof USER_SOURCES)[number];

/** Enable/disable flag used by shares, composed projects and settings. */
export const Status = { disable: 0, enable: 1 } as const;

/** Share and composed-project visibility. */
export const ShareType = { public: 1, encrypt: 2 } as const;

/** Server-stored property kinds. */
export const PropType = { debug: 10, debugProxy: 11 } as const;

/** HTTP method badge colours (antd Tag colours matching Torna's Element tags). */
export const METHOD_COLORS: Record<string, string> = {
  GET: 'processing',
  POST: 'default',
  PUT: 'warning',
  DELETE: 'error',
  HEAD: 'success',
};

/** Roles held per space and per project. */
export const ROLES = ['guest', 'dev', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Session code answered when the caller is not logged in, and when a password must be set first. */
export const SessionCode = { ok: '0', notLoggedIn: '1000', mustSetPassword: '2000' } as const;

/** Admin-style client codes that raise the "logged out" confirmation. */
export const LOGGED_OUT_CODES = ['50008', '50012', '50014'] as const;

/** Formats money in cents the way the spec asks: a yuan sign and two decimals. */
export function formatMoney(cents: number): string {
  return `¥${(cents / 100).toFixed(2)}`;
}
