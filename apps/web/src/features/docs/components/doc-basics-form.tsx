import {
  ARRAY_ELEMENT_TYPES,
  CONTENT_TYPES,
  DocType,
  type DubboInfo,
  HTTP_METHODS,
  type HttpMethod,
  isDocType,
  NOT_DEPRECATED,
} from '@quire/api-model';
import type { DocTreeRow } from '@quire/shared';
import { Card, Form, Input, Segmented, Select, Skeleton, Space, Switch } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditorDoc, EMPTY_DUBBO } from '../editor-state.ts';

// The rich-text editor (TipTap) and the Markdown editor (markdown-it, DOMPurify) load only when a description
// is shown, not for the param tables.
const RichTextEditor = lazy(() =>
  import('./rich-text-editor.tsx').then((m) => ({ default: m.RichTextEditor })),
);
const MarkdownEditor = lazy(() =>
  import('./markdown-editor.tsx').then((m) => ({ default: m.MarkdownEditor })),
);

const METHOD_OPTIONS = HTTP_METHODS.map((method) => ({ value: method, label: method }));
const CONTENT_TYPE_OPTIONS = CONTENT_TYPES.map((type) => ({ value: type, label: type }));

/** Element types a root array body may declare. */
export const ARRAY_TYPE_OPTIONS = ARRAY_ELEMENT_TYPES.map((type) => ({ value: type, label: type }));

/** The folder choices: every folder by its path of names. */
function folderOptions(rows: ReadonlyArray<DocTreeRow>, topLabel: string) {
  const folders = rows.filter((row) => row.isFolder);
  const byId = new Map(folders.map((row) => [row.id, row]));
  const pathOf = (row: DocTreeRow): string => {
    const names: string[] = [];
    let current: DocTreeRow | undefined = row;
    for (let guard = 0; current && guard < 64; guard++) {
      names.unshift(current.name);
      current = current.parentId ? byId.get(current.parentId) : undefined;
    }
    return names.join(' / ');
  };
  return [
    { value: '', label: topLabel },
    ...folders
      .map((row) => ({ value: row.id, label: pathOf(row) }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  ];
}

function field(label: string, control: ReactNode, id?: string) {
  return (
    <Form.Item label={label} htmlFor={id} style={{ marginBottom: 12 }}>
      {control}
    </Form.Item>
  );
}

/**
 * The "basics" tab of the doc editor: kind, name, method and URL, content type, Dubbo service, folder, author,
 * visibility, deprecation and the description (rich text, or Markdown for Markdown docs).
 */
export function DocBasicsForm({
  doc,
  patch,
  onUrlChange,
  canChooseType,
  onTypeChange,
  editorKey,
  folders,
}: {
  doc: EditorDoc;
  patch: (fields: Partial<EditorDoc>) => void;
  onUrlChange: (url: string) => void;
  canChooseType: boolean;
  /** Called after the kind changes, so the description editor is rebuilt for the new kind. */
  onTypeChange: () => void;
  editorKey: number;
  folders: ReadonlyArray<DocTreeRow>;
}) {
  const { t } = useTranslation();
  const isHttp = doc.type === DocType.http;
  const isDubbo = doc.type === DocType.dubbo;
  const isDeprecated = doc.deprecated !== NOT_DEPRECATED;
  const dubbo = doc.dubboInfo ?? EMPTY_DUBBO;
  const setDubbo = (fields: Partial<DubboInfo>) => patch({ dubboInfo: { ...dubbo, ...fields } });

  return (
    <Form layout="vertical" style={{ maxWidth: 900 }}>
      {canChooseType ? (
        <Segmented
          style={{ marginBottom: 16 }}
          value={doc.type}
          onChange={(type) => {
            const next = Number(type);
            if (!isDocType(next)) return;
            patch({
              type: next,
              dubboInfo: next === DocType.dubbo ? (doc.dubboInfo ?? { ...EMPTY_DUBBO }) : null,
            });
            onTypeChange();
          }}
          options={[
            { value: 0, label: t('doc.newHttp') },
            { value: 1, label: t('doc.newDubbo') },
            { value: 2, label: t('doc.newCustom') },
            { value: 3, label: t('doc.newMarkdown') },
          ]}
        />
      ) : null}
      {field(
        t('doc.name'),
        <Input
          id="doc-name"
          value={doc.name}
          maxLength={128}
          onChange={(e) => patch({ name: e.target.value })}
        />,
        'doc-name',
      )}
      {isHttp
        ? field(
            t('doc.url'),
            <Space.Compact style={{ width: '100%' }}>
              <Select
                value={doc.httpMethod || undefined}
                options={METHOD_OPTIONS}
                aria-label={t('doc.method')}
                onChange={(httpMethod: HttpMethod) => patch({ httpMethod })}
                style={{ width: 120 }}
              />
              <Input
                id="doc-url"
                value={doc.url}
                maxLength={512}
                onChange={(e) => onUrlChange(e.target.value)}
              />
            </Space.Compact>,
            'doc-url',
          )
        : null}
      {isHttp
        ? field(
            t('doc.contentType'),
            <Select
              allowClear
              value={doc.contentType || undefined}
              options={CONTENT_TYPE_OPTIONS}
              aria-label={t('doc.contentType')}
              onChange={(value?: string) => patch({ contentType: value ?? '' })}
              style={{ maxWidth: 360 }}
            />,
          )
        : null}
      {isDubbo ? (
        <Card size="small" title={t('doc.dubbo')} style={{ marginBottom: 12 }}>
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
              gap: '0 12px',
            }}
          >
            {(['interfaceName', 'version', 'protocol', 'author'] as const).map((key) =>
              field(
                t(key === 'author' ? 'doc.author' : `doc.${key}`),
                <Input
                  id={`dubbo-${key}`}
                  value={dubbo[key]}
                  onChange={(e) => setDubbo({ [key]: e.target.value })}
                />,
                `dubbo-${key}`,
              ),
            )}
          </div>
          {field(
            t('doc.dependency'),
            <Input.TextArea
              id="dubbo-dependency"
              value={dubbo.dependency}
              autoSize={{ minRows: 2, maxRows: 8 }}
              onChange={(e) => setDubbo({ dependency: e.target.value })}
            />,
            'dubbo-dependency',
          )}
        </Card>
      ) : null}
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
          gap: '0 12px',
        }}
      >
        {field(
          t('doc.folder'),
          <Select
            value={doc.parentId}
            options={folderOptions(folders, t('doc.topLevel'))}
            aria-label={t('doc.folder')}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(parentId: string) => patch({ parentId })}
          />,
        )}
        {field(
          t('doc.author'),
          <Input
            id="doc-author"
            value={doc.author}
            maxLength={64}
            onChange={(e) => patch({ author: e.target.value })}
          />,
          'doc-author',
        )}
      </div>
      <Space wrap size="large" style={{ marginBottom: 12 }}>
        <Space>
          <Switch
            checked={doc.isShow}
            aria-label={t('doc.isShow')}
            onChange={(isShow) => patch({ isShow })}
          />
          <span>{t('doc.isShow')}</span>
        </Space>
        <Space>
          <Switch
            checked={isDeprecated}
            aria-label={t('doc.deprecated')}
            onChange={(checked) => patch({ deprecated: checked ? t('doc.deprecatedTag') : NOT_DEPRECATED })}
          />
          <span>{t('doc.deprecated')}</span>
          {isDeprecated ? (
            <Input
              size="small"
              value={doc.deprecated}
              placeholder={t('doc.deprecatedReason')}
              aria-label={t('doc.deprecatedReason')}
              onChange={(e) => patch({ deprecated: e.target.value || t('doc.deprecatedTag') })}
              style={{ width: 220 }}
            />
          ) : null}
        </Space>
      </Space>
      {doc.type === DocType.markdown
        ? null
        : field(
            doc.type === DocType.custom ? t('doc.richText') : t('doc.description'),
            <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
              <RichTextEditor
                key={editorKey}
                value={doc.description}
                label={doc.type === DocType.custom ? t('doc.richText') : t('doc.description')}
                minHeight={doc.type === DocType.custom ? 360 : 120}
                onChange={(description) => patch({ description })}
              />
            </Suspense>,
          )}
      {doc.type === DocType.markdown
        ? field(
            t('doc.richText'),
            <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
              <MarkdownEditor value={doc.description} onChange={(description) => patch({ description })} />
            </Suspense>,
          )
        : null}
    </Form>
  );
}
