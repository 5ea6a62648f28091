import { BugOutlined } from '@ant-design/icons';
import type { DocDetail, Environment } from '@quire/shared';
import { Button, Drawer } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import type { DebugVisitor } from '../debug-visitor.ts';

// The panel (and the sandbox worker it starts) loads only when a reader opens it.
const DebugPanel = lazy(() => import('./debug-panel.tsx').then((m) => ({ default: m.DebugPanel })));

/**
 * The doc page's Debug button: opens the debug panel in a drawer beside the doc (as `visitor` on share and
 * show pages that offer debugging).
 */
export function DebugButton({
  doc,
  envs,
  visitor,
}: {
  doc: DocDetail;
  envs: Environment[];
  visitor?: DebugVisitor | undefined;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<BugOutlined />} onClick={() => setOpen(true)} data-testid="debug-open">
        {t('debug.open')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={`${t('debug.tab')}: ${doc.name}`}
        size="min(1000px, 100vw)"
        destroyOnHidden={false}
      >
        {open ? (
          <Suspense fallback={<PageSpinner />}>
            <DebugPanel doc={doc} envs={envs} visitor={visitor} />
          </Suspense>
        ) : null}
      </Drawer>
    </>
  );
}
