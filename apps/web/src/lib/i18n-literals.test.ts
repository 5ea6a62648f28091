import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from '@babel/parser';
import { describe, expect, it } from 'vitest';

/**
 * Every user-visible string of the web app comes from the language packs: this test parses each component
 * and reports JSX text and the text of user-visible attributes written as literals. The allow list holds the
 * reviewed exceptions (names that are the same in every language); each entry says why.
 */
const VISIBLE_ATTRIBUTES = new Set([
  'title',
  'placeholder',
  'label',
  'aria-label',
  'alt',
  'okText',
  'cancelText',
  'tooltip',
  'description',
  'message',
  'content',
  'extra',
  'subTitle',
  'emptyText',
  'addonBefore',
  'addonAfter',
  'help',
  'tip',
  'checkedChildren',
  'unCheckedChildren',
  'children',
]);

/** `file: text` pairs reviewed as language-neutral. */
const PRODUCT = 'the product name, the same in every language';
const EXAMPLE = 'an example URL or DN in a placeholder';
export const ALLOWED_LITERALS: ReadonlyArray<{ file: string; text: string; why: string }> = [
  { file: 'components/logo.tsx', text: 'Quire', why: PRODUCT },
  { file: 'components/logo.tsx', text: 'v', why: 'the version prefix before the version number' },
  { file: 'layouts/auth-layout.tsx', text: 'Quire', why: PRODUCT },
  { file: 'layouts/auth-layout.tsx', text: 'Quire v', why: 'product name and version prefix' },
  { file: 'layouts/side-rail.tsx', text: 'Quire', why: PRODUCT },
  { file: 'layouts/side-rail.tsx', text: 'v', why: 'the version prefix before the version number' },
  { file: 'layouts/view-layout.tsx', text: 'Quire', why: PRODUCT },
  { file: 'layouts/view-layout.tsx', text: 'Ctrl K / ⌘ K', why: 'a keyboard shortcut' },
  { file: 'pages/admin-torna-page.tsx', text: 'mysql://torna:password@127.0.0.1:3306/torna', why: EXAMPLE },
  {
    file: 'features/admin/components/language-pack-modal.tsx',
    text: 'zh-TW',
    why: 'an example language tag',
  },
  {
    file: 'features/admin/components/language-pack-modal.tsx',
    text: '繁體中文',
    why: 'an example language name, written in that language',
  },
  { file: 'features/docs/components/dubbo-props.tsx', text: 'Dubbo', why: 'the name of the RPC framework' },
  { file: 'features/view/components/doc-view.tsx', text: 'Dubbo', why: 'the name of the RPC framework' },
  { file: 'features/docs/components/rich-text-editor.tsx', text: 'H', why: 'the heading button glyph' },
  {
    file: 'features/compose/components/compose-settings-tab.tsx',
    text: 'https://gateway.example.com/api',
    why: EXAMPLE,
  },
  {
    file: 'features/debug/components/proxy-hosts-card.tsx',
    text: 'api.example.com, *.corp.example',
    why: EXAMPLE,
  },
  {
    file: 'features/mock/components/mock-config-form.tsx',
    text: '{"type": "vip"}',
    why: 'an example JSON body',
  },
  {
    file: 'features/mock/components/mock-config-form.tsx',
    text: 'return { id: $params.id, name: Random.cname(), at: $date.format() };',
    why: 'an example mock script (code, not prose)',
  },
  {
    file: 'features/mock/components/mock-config-form.tsx',
    text: 'HTTP',
    why: 'the protocol name before the status code',
  },
  {
    file: 'features/sharing/components/share-panel.tsx',
    text: '/share/',
    why: 'the URL path of share pages',
  },
  {
    file: 'features/webhooks/components/webhook-form-modal.tsx',
    text: 'https://oapi.dingtalk.com/robot/send?access_token=…',
    why: EXAMPLE,
  },
  {
    file: 'features/releases/components/release-form-modal.tsx',
    text: 'https://oapi.dingtalk.com/robot/send?access_token=…',
    why: EXAMPLE,
  },
  {
    file: 'features/releases/components/release-form-modal.tsx',
    text: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…',
    why: EXAMPLE,
  },
  { file: 'features/imports/components/import-modal.tsx', text: 'https://', why: EXAMPLE },
  { file: 'features/imports/components/swagger-source-modal.tsx', text: 'https://', why: EXAMPLE },
  {
    file: 'features/signin/components/ldap-settings-card.tsx',
    text: 'ldap://ldap.example.com:389',
    why: EXAMPLE,
  },
  {
    file: 'features/signin/components/ldap-settings-card.tsx',
    text: 'ou=people,dc=example,dc=com',
    why: EXAMPLE,
  },
  {
    file: 'features/signin/components/oidc-settings-card.tsx',
    text: 'https://sso.example.com/realms/company',
    why: EXAMPLE,
  },
  {
    file: 'features/modules/components/environment-form-modal.tsx',
    text: 'https://api.example.com/v1',
    why: EXAMPLE,
  },
];

/** Letters of any script: punctuation, digits and symbols alone are not words to translate. */
const WORDS = /\p{L}/u;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.tsx') && !name.includes('.test.') ? [path] : [];
  });
}

interface Node {
  type: string;
  [key: string]: unknown;
}

/** The literal strings a component shows: JSX text and visible attributes given as string literals. */
export function visibleLiterals(source: string): string[] {
  const ast = parse(source, { sourceType: 'module', plugins: ['typescript', 'jsx'] });
  const found: string[] = [];
  const literalOf = (value: unknown): string | undefined => {
    const node = value as Node | null;
    if (!node) return undefined;
    if (node.type === 'StringLiteral') return node.value as string;
    if (node.type === 'JSXExpressionContainer') return literalOf(node.expression);
    if (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0)
      return ((node.quasis as Array<{ value: { cooked: string } }>)[0]?.value.cooked ?? '') as string;
    return undefined;
  };
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    const n = node as Node;
    if (n.type === 'JSXText') {
      const text = String(n.value).replace(/\s+/g, ' ').trim();
      if (WORDS.test(text)) found.push(text);
    } else if (n.type === 'JSXAttribute') {
      const name = (n.name as { name: string }).name;
      const text = literalOf(n.value);
      if (typeof name === 'string' && VISIBLE_ATTRIBUTES.has(name) && text && WORDS.test(text))
        found.push(text);
    } else if (n.type === 'JSXElement' || n.type === 'JSXFragment') {
      // `{'Save'}` between tags is text too.
      for (const child of n.children as Node[]) {
        const text = child.type === 'JSXExpressionContainer' ? literalOf(child.expression) : undefined;
        if (text && WORDS.test(text)) found.push(text);
      }
    }
    for (const [key, value] of Object.entries(n)) {
      if (key === 'loc' || key === 'start' || key === 'end' || key === 'leadingComments') continue;
      if (value && typeof value === 'object') visit(value);
    }
  };
  visit(ast.program);
  return found;
}

describe('no user-visible literal outside the language packs', () => {
  it('finds literals in a sample component (the scanner itself works)', () => {
    const sample = `export const A = () => (
      <div title="Hello" aria-label={'Close it'} className="x">
        Plain words {t('ok')} {'Inline'} · 42
        <Input placeholder={t('a')} />
      </div>
    );`;
    expect(visibleLiterals(sample).sort()).toEqual(['Close it', 'Hello', 'Inline', 'Plain words']);
  });

  // Parses every file of the web app: seconds on a loaded machine, so not the default 5 s limit.
  it('the web app writes none outside the allow list', { timeout: 60_000 }, () => {
    const root = join(import.meta.dirname, '..');
    const offenders: string[] = [];
    for (const file of sourceFiles(root)) {
      const rel = relative(root, file);
      for (const text of visibleLiterals(readFileSync(file, 'utf8'))) {
        if (!ALLOWED_LITERALS.some((a) => a.file === rel && a.text === text))
          offenders.push(`${rel}: ${text}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
