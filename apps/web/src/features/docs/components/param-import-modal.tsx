import { type ArrayElementType, importParamText, type ParamRow } from '@quire/api-model';
import { Alert, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/form-rules.ts';
import { newParamId } from '../param-edit.ts';

/** What an import gives the editor: rows, whether they replace the table, and the root array facts. */
export interface ParamImport {
  params: ParamRow[];
  replace: boolean;
  isArray: boolean;
  arrayType: ArrayElementType;
}

/**
 * Bulk import of params from pasted text (`importParamText`): a JSON sample, `key: value` lines (Postman's
 * bulk edit, a header block), `key=value` lines, two table columns, or a query string / form body. The
 * recognised format shows while typing; a refusal names the line or pair at fault.
 */
export function ParamImportModal({
  open,
  table,
  onClose,
  onImport,
}: {
  open: boolean;
  /** The table imported into: only the body and the response take a root array. */
  table: string;
  onClose: () => void;
  onImport: (result: ParamImport) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [replace, setReplace] = useState(true);
  const [error, setError] = useState('');
  // Recognising the format while typing is cheap, but a 20,000-line paste should not block the keystroke.
  const deferred = useDeferredValue(text);
  const detected = useMemo(() => {
    if (deferred.trim() === '') return '';
    const result = importParamText(deferred);
    return result.ok ? result.format : '';
  }, [deferred]);

  const submit = () => {
    const result = importParamText(text, { newId: newParamId });
    if (!result.ok) {
      const message = translateMessage(t, result.message);
      setError(result.path ? `${message} (${result.path})` : message);
      return;
    }
    const takesArray = table === 'requestParams' || table === 'responseParams';
    onImport({
      params: result.params,
      replace,
      isArray: takesArray && result.isArray,
      arrayType: result.arrayType,
    });
    setText('');
    setError('');
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('paramImport.title')}
      onOk={submit}
      onCancel={onClose}
      okText={t('paramImport.ok')}
      cancelText={t('common.cancel')}
      width={680}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
        {t('paramImport.hint')}
      </Typography.Paragraph>
      <ul style={{ marginTop: 0, paddingLeft: 20, color: 'rgba(0,0,0,0.65)' }}>
        <li>{t('paramImport.formatJson')}</li>
        <li>{t('paramImport.formatLines')}</li>
        <li>{t('paramImport.formatForm')}</li>
      </ul>
      <Form layout="vertical">
        <Form.Item
          label={t('paramImport.text')}
          htmlFor="param-import-text"
          validateStatus={error ? 'error' : undefined}
          help={error || undefined}
        >
          <Input.TextArea
            id="param-import-text"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError('');
            }}
            autoSize={{ minRows: 10, maxRows: 24 }}
            style={{ fontFamily: 'ui-monospace, monospace' }}
          />
        </Form.Item>
        {detected ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('paramImport.detected', {
              0: t(`paramImport.format.${detected}` as 'paramImport.format.json'),
            })}
          />
        ) : null}
        <Checkbox checked={replace} onChange={(event) => setReplace(event.target.checked)}>
          {t('paramImport.replace')}
        </Checkbox>
      </Form>
    </Modal>
  );
}
