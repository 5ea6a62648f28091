import type { MockConfig, MockRunResult, MockSaveRequest } from '@quire/shared';
import { MockLimits, mockHeaderProblem } from '@quire/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard.ts';
import { toastSuccess } from '../../../lib/feedback.ts';
import { translateMessage } from '../../../lib/form-rules.ts';
import { runMock, saveMock } from '../mock.api.ts';
import { mockKeys } from '../mock.queries.ts';
import { NameValueList, type RowProblem } from './name-value-list.tsx';

type Values = Omit<MockSaveRequest, 'docId' | 'id' | 'version'>;

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 };

/**
 * Where a mock answers: as saved, the server's URL (its path when its application holds that path, else its
 * id); for a path being typed, the mock origin (or this site) + /mock/ + path, else id.
 */
export function liveMockUrl(config: MockConfig, path: string): string {
  const at = config.mockUrl.indexOf('/mock/');
  const origin = (at > 0 ? config.mockUrl.slice(0, at) : '') || window.location.origin;
  const typed = path.trim().replace(/^\/+/, '');
  if (typed === config.path) return `${origin}${config.mockUrl.slice(Math.max(at, 0))}`;
  return `${origin}/mock/${typed || config.id}`;
}

function initialValues(config: MockConfig): Values {
  return {
    name: config.name,
    path: config.path,
    requestDataType: config.requestDataType,
    dataKv: config.dataKv,
    dataJson: config.dataJson,
    requestHeaders: config.requestHeaders,
    httpStatus: config.httpStatus,
    delayMills: config.delayMills,
    responseHeaders: config.responseHeaders,
    resultType: config.resultType,
    responseBody: config.responseBody,
    mockScript: config.mockScript,
    remark: config.remark,
  };
}

/** One configuration of the Mock tab: what a request must carry, what it gets, the mock URL and "run". */
export function MockConfigForm({ config, canEdit }: { config: MockConfig; canEdit: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const path = Form.useWatch('path', form) ?? config.path;
  const resultType = Form.useWatch('resultType', form) ?? config.resultType;
  const requestDataType = Form.useWatch('requestDataType', form) ?? config.requestDataType;
  const [result, setResult] = useState<MockRunResult | null>(null);
  const url = liveMockUrl(config, path);
  // The same rule the server applies on save (mock-headers.ts of @quire/shared), in the same words.
  const checkHeader = (row: { name: string; value: string }): RowProblem => {
    const problem = mockHeaderProblem(row.name, row.value);
    if (!problem) return undefined;
    const field = row.name.trim().toLowerCase() === 'content-type' ? 'value' : 'name';
    return { field, message: translateMessage(t, problem) };
  };

  const save = useMutation({
    mutationFn: (values: Values) =>
      saveMock({ ...values, id: config.id, docId: config.docId, version: config.version }),
    onSuccess: () => {
      toastSuccess(t('common.saved'));
      void queryClient.invalidateQueries({ queryKey: mockKeys.list(config.docId) });
    },
  });
  const run = useMutation({
    mutationFn: (values: Values) => runMock({ ...values, docId: config.docId }),
    onMutate: () => setResult(null),
    onSuccess: setResult,
  });

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues(config)}
      onFinish={(values) => save.mutate(values)}
    >
      <Form.Item label={t('mock.mockUrl')}>
        <Space.Compact style={{ width: '100%' }}>
          <Input readOnly value={url} aria-label={t('mock.mockUrl')} style={MONO} data-testid="mock-url" />
          <Button
            onClick={() =>
              void copyText(url).then((copied) => {
                if (copied) toastSuccess(t('mock.copied'));
              })
            }
          >
            {t('mock.copy')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Space wrap size="middle" style={{ width: '100%' }} align="start">
        <Form.Item name="name" label={t('mock.name')} rules={[{ required: true, max: MockLimits.nameMax }]}>
          <Input disabled={!canEdit} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="path"
          label={t('mock.path')}
          tooltip={t('mock.pathHelp')}
          rules={[{ max: MockLimits.pathMax }]}
        >
          <Input
            disabled={!canEdit}
            style={{ width: 360, ...MONO }}
            placeholder={config.isDefault ? '' : 'v1/user/get'}
          />
        </Form.Item>
        <Form.Item name="httpStatus" label={t('mock.httpStatus')}>
          <InputNumber min={100} max={599} disabled={!canEdit} />
        </Form.Item>
        <Form.Item name="delayMills" label={t('mock.delay')}>
          <InputNumber min={0} max={MockLimits.delayMax} step={100} disabled={!canEdit} />
        </Form.Item>
      </Space>

      <Card size="small" title={t('mock.conditions')} style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">{t('mock.conditionsHelp')}</Typography.Paragraph>
        <Form.Item name="requestDataType">
          <Radio.Group disabled={!canEdit}>
            <Radio value={0}>{t('mock.dataKv')}</Radio>
            <Radio value={1}>{t('mock.dataJson')}</Radio>
          </Radio.Group>
        </Form.Item>
        {requestDataType === 1 ? (
          <Form.Item name="dataJson" label={t('mock.dataJson')}>
            <Input.TextArea rows={3} style={MONO} disabled={!canEdit} placeholder='{"type": "vip"}' />
          </Form.Item>
        ) : (
          <NameValueList name="dataKv" label={t('mock.dataKv')} disabled={!canEdit} />
        )}
        <NameValueList name="requestHeaders" label={t('mock.requestHeaders')} disabled={!canEdit} />
      </Card>

      <NameValueList
        name="responseHeaders"
        label={t('mock.responseHeaders')}
        disabled={!canEdit}
        help={t('mock.headersHelp')}
        check={checkHeader}
      />
      <Form.Item name="resultType" label={t('mock.resultType')}>
        <Radio.Group disabled={!canEdit} optionType="button">
          <Radio value={0}>{t('mock.resultFixed')}</Radio>
          <Radio value={2}>{t('mock.resultTemplate')}</Radio>
          <Radio value={1}>{t('mock.resultScript')}</Radio>
        </Radio.Group>
      </Form.Item>
      {resultType === 1 ? (
        <Form.Item name="mockScript" extra={t('mock.scriptHelp')}>
          <Input.TextArea
            aria-label={t('mock.resultScript')}
            rows={10}
            style={MONO}
            disabled={!canEdit}
            placeholder={'return { id: $params.id, name: Random.cname(), at: $date.format() };'}
          />
        </Form.Item>
      ) : (
        <Form.Item name="responseBody" extra={resultType === 2 ? t('mock.templateHelp') : undefined}>
          <Input.TextArea aria-label={t('mock.resultType')} rows={10} style={MONO} disabled={!canEdit} />
        </Form.Item>
      )}
      <Form.Item name="remark" label={t('mock.remark')}>
        <Input disabled={!canEdit} />
      </Form.Item>
      <Space>
        {canEdit ? (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('mock.save')}
          </Button>
        ) : null}
        <Button loading={run.isPending} onClick={() => run.mutate(form.getFieldsValue(true) as Values)}>
          {run.isPending ? t('mock.running') : t('mock.run')}
        </Button>
      </Space>
      {run.isError ? (
        <Alert type="error" showIcon title={t('mock.runError')} style={{ marginTop: 16 }} />
      ) : null}
      {result ? (
        <Card size="small" title={t('mock.result')} style={{ marginTop: 16 }} data-testid="mock-result">
          {result.error ? (
            <Alert type="error" showIcon title={result.error} style={{ marginBottom: 8 }} />
          ) : null}
          <Space wrap style={{ marginBottom: 8 }}>
            <Tag color={result.status < 400 ? 'green' : 'red'}>HTTP {result.status}</Tag>
            {Object.entries(result.headers).map(([name, value]) => (
              <Tag key={name}>
                {name}: {value}
              </Tag>
            ))}
          </Space>
          <pre style={{ ...MONO, margin: 0, maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
            {result.body}
          </pre>
          {result.logs.length ? (
            <>
              <Typography.Text strong>{t('mock.logs')}</Typography.Text>
              <pre style={{ ...MONO, margin: 0, whiteSpace: 'pre-wrap' }}>{result.logs.join('\n')}</pre>
            </>
          ) : null}
        </Card>
      ) : null}
    </Form>
  );
}
