import { Layout } from '@quire/shared';
import { type PointerEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { clampWidth } from '../view-prefs.ts';

/**
 * The 8 px drag bar on the sidebar's right edge: drag to resize between 50 and 800 px, or focus it and use
 * the arrow keys (10 px a step, Home/End for the limits). The width is stored when the drag ends.
 */
export function SidebarResizer({
  width,
  onResize,
  onCommit,
}: {
  width: number;
  onResize(width: number): void;
  onCommit(width: number): void;
}) {
  const { t } = useTranslation();
  const start = useRef<{ x: number; width: number } | null>(null);
  const last = useRef(width);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { x: event.clientX, width };
    last.current = width;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    last.current = clampWidth(start.current.width + event.clientX - start.current.x);
    onResize(last.current);
  };
  const onPointerUp = () => {
    if (!start.current) return;
    start.current = null;
    onCommit(last.current);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: an <hr> cannot be focused and dragged
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={t('reader.resize')}
      aria-valuemin={Layout.dragMin}
      aria-valuemax={Layout.dragMax}
      aria-valuenow={width}
      tabIndex={0}
      data-testid="sidebar-resizer"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={(event) => {
        const steps: Record<string, number> = {
          ArrowLeft: width - 10,
          ArrowRight: width + 10,
          Home: Layout.dragMin,
          End: Layout.dragMax,
        };
        const next = steps[event.key];
        if (next === undefined) return;
        event.preventDefault();
        onCommit(clampWidth(next));
      }}
      style={{
        position: 'absolute',
        top: 0,
        right: -4,
        bottom: 0,
        width: 8,
        cursor: 'col-resize',
        zIndex: 2,
        touchAction: 'none',
      }}
    />
  );
}
