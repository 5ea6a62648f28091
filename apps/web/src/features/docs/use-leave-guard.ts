import { App } from 'antd';
import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving an editor with unsaved changes: a confirmation on in-app navigation to another page,
 * and the browser's own prompt on reload or close. `dirtyRef` is read at navigation time, so a save that
 * clears it lets the following navigation through without a render in between.
 */
export function useLeaveGuard(isDirty: boolean, dirtyRef: RefObject<boolean>): void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  const isAsking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || isAsking.current) return;
    isAsking.current = true;
    modal.confirm({
      title: t('doc.leaveTitle'),
      content: t('doc.leaveText'),
      okText: t('doc.leave'),
      okButtonProps: { danger: true },
      cancelText: t('doc.stay'),
      onOk: () => {
        isAsking.current = false;
        blockerRef.current.proceed?.();
      },
      onCancel: () => {
        isAsking.current = false;
        blockerRef.current.reset?.();
      },
    });
  }, [blocker.state, modal, t]);
  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);
}
