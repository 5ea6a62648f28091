import { BugOutlined } from '@ant-design/icons';
import type { DocDetail, Environment } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { mockBaseQuery } from '../../mock/mock.api.ts';
import { absoluteMockUrl, MOCK_ENV_ID } from '../../mock/mock-url.ts';
import type { DebugVisitor } from '../debug-visitor.ts';
import { DrawerTitle } from '../../../components/drawer-title.tsx';

// The panel (and the sandbox worker it starts) loads only when a reader opens it.
const DebugPanel = lazy(() => import('./debug-panel.tsx').then((m) => ({ default: m.DebugPanel })));

/**
 * The doc page's Debug button: opens the debug panel in a drawer beside the doc (as `visitor` on share and
 * show pages that offer debugging). Signed-in readers also get the application's mock base as a last
 * environment, "Mock", so a request goes to the doc's mock as it would to a real server.
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
  const base = useQuery({ ...mockBaseQuery(doc.moduleId), enabled: open && !visitor });
  const withMock = useMemo<Environment[]>(() => {
    if (visitor || !base.data) return envs;
    const mock: Environment = {
      id: MOCK_ENV_ID,
      moduleId: doc.moduleId,
      name: t('mock.envName'),
      baseUrl: absoluteMockUrl(base.data.mockBaseUrl),
      isPublic: false,
      orderIndex: Number.MAX_SAFE_INTEGER,
    };
    return [...envs.filter((env) => env.id !== MOCK_ENV_ID), mock];
  }, [envs, visitor, base.data, doc.moduleId, t]);
  return (
    <>
      <Button icon={<BugOutlined />} onClick={() => setOpen(true)} data-testid="debug-open">
        {t('debug.open')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={<DrawerTitle>{`${t('debug.tab')}: ${doc.name}`}</DrawerTitle>}
        size="min(1000px, 100vw)"
        destroyOnHidden={false}
      >
        {open ? (
          <Suspense fallback={<PageSpinner />}>
            <DebugPanel doc={doc} envs={withMock} visitor={visitor} />
          </Suspense>
        ) : null}
      </Drawer>
    </>
  );
}
