import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n.ts';

const ENTRIES: Array<[TranslationKey, TranslationKey]> = [
  ['genUi.refDocTitle', 'genUi.refDoc'],
  ['genUi.refTypesTitle', 'genUi.refTypes'],
  ['genUi.refFieldTitle', 'genUi.refField'],
  ['genUi.refFiltersTitle', 'genUi.refFilters'],
];

/**
 * What a template sees and may call, beside the editor: the context built by the server's gen-context.ts and
 * the filters registered in gen-render.ts (a test keeps this list in step with them).
 */
export function GenTemplateReference() {
  const { t } = useTranslation();
  return (
    <Card title={t('genUi.reference')} size="small">
      <dl style={{ margin: 0 }}>
        {ENTRIES.map(([title, text]) => (
          <div key={title} style={{ marginBottom: 8 }}>
            <dt>
              <Typography.Text code>{t(title)}</Typography.Text>
            </dt>
            <dd style={{ margin: '4px 0 0' }}>
              <Typography.Text type="secondary">{t(text)}</Typography.Text>
            </dd>
          </div>
        ))}
      </dl>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        {t('genUi.refLimits')}
      </Typography.Paragraph>
    </Card>
  );
}
