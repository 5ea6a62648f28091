import type { DocExportRequest } from '@quire/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Checkbox, Divider, Form, Modal, Radio, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { type DocMenuNode, DocMenuTree } from '../../docs/components/doc-menu-tree.tsx';
import { listEnvironments } from '../../modules/modules.api.ts';
import { releasesQuery } from '../../releases/releases.queries.ts';
import { environmentsKey } from '../../view/view.queries.ts';
import { exportDocs, saveFile } from '../export.api.ts';
import { exportKeys } from '../export.queries.ts';
import { ExportJobProgress } from './export-job-progress.tsx';
import { RecentExports } from './recent-exports.tsx';

type Choice = 'markdown' | 'html' | 'word' | 'openapi' | 'openapiYaml' | 'postman';
const CHOICES: Choice[] = ['markdown', 'html', 'word', 'openapi', 'openapiYaml', 'postman'];

/** The checked nodes not inside a checked folder: a folder brings its docs, so they are not sent again. */
function topmost(nodes: ReadonlyArray<DocMenuNode>): string[] {
  const inside = new Set<string>();
  const mark = (list: ReadonlyArray<DocMenuNode>) => {
    for (const node of list) {
      inside.add(node.id);
      mark(node.children);
    }
  };
  for (const node of nodes) if (node.isFolder) mark(node.children);
  return nodes.filter((node) => !inside.has(node.id)).map((node) => node.id);
}

interface Props {
  open: boolean;
  module: { id: string; name: string };
  /** The application's project: its releases can be exported instead of the docs now. */
  projectId?: string;
  onClose: () => void;
}

/**
 * Exports an application, or the docs and folders ticked in its doc menu tree: format, one file or one per
 * doc, and the environments whose URLs print. A small export downloads at once; a large one runs as a job
 * whose progress shows here, and its file downloads when it is ready. Below, the caller's recent exports of
 * the application (jobs of the last day) with their downloads.
 */
export function ExportModal({ open, module, projectId, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<Choice>('markdown');
  const [style, setStyle] = useState<'allInOne' | 'perDoc'>('allInOne');
  const [isAll, setIsAll] = useState(true);
  const [checked, setChecked] = useState<string[]>([]);
  const [docIds, setDocIds] = useState<string[]>([]);
  const [environmentIds, setEnvironmentIds] = useState<string[]>([]);
  const [error, setError] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [releaseId, setReleaseId] = useState('');
  const releases = useQuery({ ...releasesQuery(projectId ?? ''), enabled: open && Boolean(projectId) });
  const environments = useQuery({
    queryKey: environmentsKey(module.id),
    queryFn: () => listEnvironments(module.id, { silent: true }),
    enabled: open,
  });
  const isDocument = choice === 'markdown' || choice === 'word' || choice === 'html';

  const close = () => {
    setJobId(null);
    setError('');
    onClose();
  };

  const submit = async () => {
    setError('');
    setIsBusy(true);
    // Nothing ticked is sent as an empty selection: the server answers "Please choose doc" in the caller's
    // language, the same words a script calling the API gets.
    const body: DocExportRequest = {
      format: choice === 'openapiYaml' ? 'openapi' : choice,
      ...(isAll ? { moduleId: module.id } : { docIds }),
      environmentIds,
      style: isDocument ? style : 'allInOne',
      openapiFormat: choice === 'openapiYaml' ? 'yaml' : 'json',
      ...(releaseId ? { releaseId } : {}),
    };
    try {
      const answer = await exportDocs(body);
      if ('jobId' in answer) {
        setJobId(answer.jobId);
        // The new job joins the recent exports (which poll while it runs).
        void queryClient.invalidateQueries({ queryKey: exportKeys.recent(module.id) });
        return;
      }
      saveFile(answer.file);
      void message.success(t('exportUi.done', { 0: answer.file.fileName }));
      close();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('common.requestError'));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('exportUi.title', { 0: module.name })}
      okText={t('exportUi.submit')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={close}
      confirmLoading={isBusy}
      okButtonProps={{ disabled: jobId !== null }}
      width={640}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('exportUi.format')} htmlFor="export-format">
          <Select
            id="export-format"
            value={choice}
            onChange={setChoice}
            options={CHOICES.map((value) => ({ value, label: t(`exportUi.${value}`) }))}
          />
        </Form.Item>
        {isDocument ? (
          <Form.Item label={t('exportUi.style')}>
            <Radio.Group value={style} onChange={(e) => setStyle(e.target.value)}>
              <Radio value="allInOne">{t('exportUi.allInOne')}</Radio>
              <Radio value="perDoc">{t('exportUi.perDoc')}</Radio>
            </Radio.Group>
          </Form.Item>
        ) : null}
        {releases.data && releases.data.length > 0 ? (
          <Form.Item label={t('exportUi.content')} htmlFor="export-content" extra={t('exportUi.contentHint')}>
            <Select
              id="export-content"
              value={releaseId}
              onChange={setReleaseId}
              options={[
                { value: '', label: t('exportUi.contentNow') },
                ...releases.data.map((release) => ({
                  value: release.id,
                  label: t('exportUi.contentRelease', { 0: release.releaseNo }),
                })),
              ]}
            />
          </Form.Item>
        ) : null}
        <Form.Item label={t('exportUi.scope')}>
          <Radio.Group value={isAll} onChange={(e) => setIsAll(e.target.value)}>
            <Radio value={true}>{t('exportUi.scopeAll')}</Radio>
            <Radio value={false}>{t('exportUi.scopeChosen')}</Radio>
          </Radio.Group>
        </Form.Item>
        {isAll ? null : (
          <Form.Item extra={t('exportUi.folderHint')}>
            <DocMenuTree
              moduleId={module.id}
              checked={checked}
              height={240}
              onCheck={({ ids, nodes }) => {
                setChecked(ids);
                setDocIds(topmost(nodes));
              }}
            />
          </Form.Item>
        )}
        <Form.Item label={t('exportUi.environments')}>
          {environments.isPending ? (
            <Skeleton active paragraph={{ rows: 1 }} title={false} />
          ) : environments.isError ? (
            <Typography.Text type="danger">{t('exportUi.environmentsError')}</Typography.Text>
          ) : environments.data.length === 0 ? (
            <Typography.Text type="secondary">{t('exportUi.noEnvironments')}</Typography.Text>
          ) : (
            <Checkbox.Group
              value={environmentIds}
              onChange={(values) => setEnvironmentIds(values as string[])}
              options={environments.data.map((env) => ({
                value: env.id,
                label: `${env.name} (${env.baseUrl})`,
              }))}
            />
          )}
        </Form.Item>
        {jobId ? <ExportJobProgress jobId={jobId} /> : null}
        {error ? <Alert type="error" showIcon title={error} /> : null}
      </Form>
      {open ? (
        <>
          <Divider />
          <RecentExports moduleId={module.id} />
        </>
      ) : null}
    </Modal>
  );
}
