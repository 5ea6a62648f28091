import { type ArrayElementType, inferParams, type ParamRow } from '@quire/api-model';
import { Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/form-rules.ts';
import { newParamId } from '../param-edit.ts';

/** What an import gives the editor: rows, whether they replace the table, and the root array facts. */
export interface JsonImport {
  params: ParamRow[];
  replace: boolean;
  isArray: boolean;
  arrayType: ArrayElementType;
}

/** Bulk import of params from a JSON sample (`inferParams`): types from values, children from objects. */
export function JsonImportModal({
  open,
  onClose,
  onImport,
}: {
  open: boolean;
  onClose: () => void;
  onImport: (result: JsonImport) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [replace, setReplace] = useState(true);
  const [error, setError] = useState('');

  const submit = () => {
    const result = inferParams(text, { newId: newParamId });
    if (!result.ok) {
      const message = translateMessage(t, result.message);
      setError(result.path ? `${message} (${result.path})` : message);
      return;
    }
    onImport({ params: result.params, replace, isArray: result.isArray, arrayType: result.arrayType });
    setText('');
    setError('');
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('doc.importTitle')}
      onOk={submit}
      onCancel={onClose}
      okText={t('doc.importOk')}
      cancelText={t('common.cancel')}
      width={640}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('doc.importHint')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label="JSON" validateStatus={error ? 'error' : undefined} help={error || undefined}>
          <Input.TextArea
            aria-label="JSON"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError('');
            }}
            autoSize={{ minRows: 10, maxRows: 24 }}
            style={{ fontFamily: 'ui-monospace, monospace' }}
          />
        </Form.Item>
        <Checkbox checked={replace} onChange={(event) => setReplace(event.target.checked)}>
          {t('doc.importReplace')}
        </Checkbox>
      </Form>
    </Modal>
  );
}
