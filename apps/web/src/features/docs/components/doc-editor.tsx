import { HistoryOutlined, ImportOutlined } from '@ant-design/icons';
import { type ArrayElementType, DocType, type ParamTable } from '@quire/api-model';
import type { DocTreeRow, EnumInfo } from '@quire/shared';
import { Button, Card, Input, Select, Skeleton, Space, Switch, Tabs, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { EditorDoc } from '../editor-state.ts';
import { countRows } from '../param-edit.ts';
import { useDocDraft } from '../use-doc-draft.ts';
import { ARRAY_TYPE_OPTIONS, DocBasicsForm } from './doc-basics-form.tsx';
import { type GridKind, ParamGrid } from './param-grid.tsx';

// What the first screen of a big doc does not show loads on demand: the error-code table and the history
// need antd's Table, the dialogs their own code. The editor becomes interactive sooner.
const ErrorCodeTable = lazy(() =>
  import('./error-code-table.tsx').then((m) => ({ default: m.ErrorCodeTable })),
);
const HistoryDrawer = lazy(() => import('./history-drawer.tsx').then((m) => ({ default: m.HistoryDrawer })));
const ParamImportModal = lazy(() =>
  import('./param-import-modal.tsx').then((m) => ({ default: m.ParamImportModal })),
);
const StaleDialog = lazy(() => import('./stale-dialog.tsx').then((m) => ({ default: m.StaleDialog })));

/**
 * The doc editor for every kind: HTTP and Dubbo docs with their param trees and error codes, custom docs with
 * a rich-text body, Markdown docs with a live preview. Saves send the revision the edit started from; a stale
 * save shows who saved first. Leaving with unsaved changes asks first.
 */
export function DocEditor({
  moduleId,
  initial,
  initialRevision,
  canChooseType,
  folders,
  enums,
  isCopy = false,
}: {
  moduleId: string;
  initial: EditorDoc;
  initialRevision?: number;
  canChooseType: boolean;
  folders: ReadonlyArray<DocTreeRow>;
  enums: ReadonlyArray<EnumInfo>;
  isCopy?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draft = useDocDraft({ moduleId, initial, initialRevision, isCopy });
  const { doc, revision, isDirty, isSaving, stale, editorKey, patch, updaters, reload } = draft;
  const [importInto, setImportInto] = useState<ParamTable | null>(null);
  const [isHistoryOpen, setIsHistoryOpen] = useState(false);
  // Mounted on first open and kept, so closing it still animates.
  const [hasOpenedHistory, setHasOpenedHistory] = useState(false);
  const [searchParams] = useSearchParams();

  const isHttp = doc.type === DocType.http;
  const isDubbo = doc.type === DocType.dubbo;
  const hasTables = isHttp || isDubbo;

  const grid = (table: ParamTable, kind: GridKind, withImport: boolean) => (
    <div>
      {withImport ? (
        <Space style={{ marginBottom: 8 }}>
          <Button size="small" icon={<ImportOutlined />} onClick={() => setImportInto(table)}>
            {t('paramImport.button')}
          </Button>
          <Typography.Text type="secondary">{t('doc.rows', { 0: countRows(doc[table]) })}</Typography.Text>
        </Space>
      ) : null}
      <ParamGrid
        rows={doc[table]}
        kind={kind}
        enums={enums}
        onEdit={updaters[table]}
        label={t(`doc.tables.${table}`)}
      />
    </div>
  );

  const arraySwitch = (which: 'request' | 'response') => {
    const isArray = which === 'request' ? doc.isRequestArray : doc.isResponseArray;
    const arrayType = which === 'request' ? doc.requestArrayType : doc.responseArrayType;
    return (
      <Space wrap style={{ marginBottom: 8 }}>
        <Switch
          checked={isArray}
          aria-label={t(which === 'request' ? 'doc.requestArray' : 'doc.responseArray')}
          onChange={(checked) =>
            patch(which === 'request' ? { isRequestArray: checked } : { isResponseArray: checked })
          }
        />
        <span>{t(which === 'request' ? 'doc.requestArray' : 'doc.responseArray')}</span>
        {isArray ? (
          <Select
            size="small"
            value={arrayType}
            options={ARRAY_TYPE_OPTIONS}
            aria-label={t('doc.arrayType')}
            onChange={(value: ArrayElementType) =>
              patch(which === 'request' ? { requestArrayType: value } : { responseArrayType: value })
            }
            style={{ width: 120 }}
          />
        ) : null}
      </Space>
    );
  };

  const globalSwitch = (
    key: 'isUseGlobalHeaders' | 'isUseGlobalParams' | 'isUseGlobalReturns',
    label: string,
  ) => (
    <Space style={{ marginBottom: 8 }}>
      <Switch checked={doc[key]} aria-label={label} onChange={(checked) => patch({ [key]: checked })} />
      <span>{label}</span>
    </Space>
  );

  const basics = (
    <DocBasicsForm
      doc={doc}
      patch={patch}
      onUrlChange={draft.changeUrl}
      canChooseType={canChooseType}
      onTypeChange={draft.bumpEditorKey}
      editorKey={editorKey}
      folders={folders}
    />
  );

  const tabs = [
    { key: 'basics', label: t('doc.basics'), children: basics },
    ...(isHttp
      ? [
          {
            key: 'headers',
            label: `${t('doc.tables.headerParams')} (${countRows(doc.headerParams)})`,
            children: (
              <>
                {globalSwitch('isUseGlobalHeaders', t('doc.useGlobalHeaders'))}
                {grid('headerParams', 'simple', true)}
              </>
            ),
          },
        ]
      : []),
    ...(hasTables
      ? [
          {
            key: 'request',
            label: `${t('doc.tables.requestParams')} (${countRows(doc.requestParams) + countRows(doc.queryParams) + countRows(doc.pathParams)})`,
            children: (
              <Space direction="vertical" style={{ width: '100%' }} size="large">
                {isHttp ? (
                  <section>
                    <Typography.Title level={3} style={{ fontSize: 15 }}>
                      {t('doc.tables.pathParams')}
                    </Typography.Title>
                    {grid('pathParams', 'simple', true)}
                  </section>
                ) : null}
                {isHttp ? (
                  <section>
                    <Typography.Title level={3} style={{ fontSize: 15 }}>
                      {t('doc.tables.queryParams')}
                    </Typography.Title>
                    {grid('queryParams', 'full', true)}
                  </section>
                ) : null}
                <section>
                  <Typography.Title level={3} style={{ fontSize: 15 }}>
                    {t('doc.tables.requestParams')}
                  </Typography.Title>
                  {globalSwitch('isUseGlobalParams', t('doc.useGlobalParams'))}
                  <div>{arraySwitch('request')}</div>
                  {grid('requestParams', 'full', true)}
                </section>
              </Space>
            ),
          },
          {
            key: 'response',
            label: `${t('doc.tables.responseParams')} (${countRows(doc.responseParams)})`,
            children: (
              <>
                {globalSwitch('isUseGlobalReturns', t('doc.useGlobalReturns'))}
                <div>{arraySwitch('response')}</div>
                {grid('responseParams', 'full', true)}
              </>
            ),
          },
          {
            key: 'codes',
            label: `${t('doc.tables.errorCodeParams')} (${doc.errorCodeParams.length})`,
            children: (
              <Suspense fallback={<Skeleton active />}>
                <ErrorCodeTable
                  rows={doc.errorCodeParams}
                  label={t('doc.tables.errorCodeParams')}
                  onChange={(errorCodeParams) => patch({ errorCodeParams })}
                />
              </Suspense>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Card>
        <Tabs items={tabs} defaultActiveKey={searchParams.get('tab') ?? 'basics'} destroyOnHidden />
      </Card>
      <Card
        style={{ position: 'sticky', bottom: 0, zIndex: 5, marginTop: 12 }}
        styles={{ body: { padding: 12 } }}
      >
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Input
            value={doc.remark}
            maxLength={500}
            placeholder={t('doc.remark')}
            aria-label={t('doc.remark')}
            onChange={(e) => draft.setRemark(e.target.value)}
            style={{ width: 360, maxWidth: '100%' }}
          />
          <Space wrap>
            <Button onClick={() => navigate(-1)}>{t('doc.back')}</Button>
            {doc.id ? (
              <Button
                icon={<HistoryOutlined />}
                onClick={() => {
                  setHasOpenedHistory(true);
                  setIsHistoryOpen(true);
                }}
              >
                {t('doc.history')}
              </Button>
            ) : null}
            <Button type="primary" loading={isSaving} onClick={() => void draft.save()}>
              {t('doc.save')}
            </Button>
          </Space>
        </Space>
      </Card>
      <Suspense fallback={null}>
        {importInto !== null ? (
          <ParamImportModal
            open
            table={importInto}
            onClose={() => setImportInto(null)}
            onImport={(result) => draft.importRows(importInto, result)}
          />
        ) : null}
        {stale ? (
          <StaleDialog
            stale={stale}
            onClose={draft.dismissStale}
            onReload={() => {
              draft.dismissStale();
              void reload();
            }}
          />
        ) : null}
        {doc.id && hasOpenedHistory ? (
          <HistoryDrawer
            docId={doc.id}
            open={isHistoryOpen}
            currentRevision={revision ?? 1}
            canRestore
            hasUnsavedEdits={isDirty}
            onClose={() => setIsHistoryOpen(false)}
            onRestored={() => {
              setIsHistoryOpen(false);
              void reload();
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}
