import { theme } from 'antd';
import { useState } from 'react';

const LINE_HEIGHT = 20;
const HEIGHT = 420;
const OVERSCAN = 30;

/**
 * Lines of text in a scroll box that renders only the lines in view: a 10 MB answer is hundreds of thousands
 * of lines, far too many DOM nodes to render at once. Lines do not wrap, so every line has the same height.
 */
export function VirtualLines({ lines, label }: { lines: ReadonlyArray<string>; label: string }) {
  const { token } = theme.useToken();
  const [top, setTop] = useState(0);
  const first = Math.max(0, Math.floor(top / LINE_HEIGHT) - OVERSCAN);
  const last = Math.min(lines.length, Math.ceil((top + HEIGHT) / LINE_HEIGHT) + OVERSCAN);
  return (
    <section
      aria-label={label}
      // A scroll box must be reachable by keyboard to be scrolled without a mouse.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region
      tabIndex={0}
      data-testid="debug-body-lines"
      onScroll={(event) => setTop(event.currentTarget.scrollTop)}
      style={{
        height: Math.min(HEIGHT, lines.length * LINE_HEIGHT + 16),
        overflow: 'auto',
        fontFamily: token.fontFamilyCode,
        fontSize: 12.5,
        background: token.colorFillQuaternary,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        padding: '8px 0',
      }}
    >
      <div style={{ height: lines.length * LINE_HEIGHT, position: 'relative', minWidth: 'max-content' }}>
        <div style={{ position: 'absolute', top: first * LINE_HEIGHT, left: 0, right: 0 }}>
          {lines.slice(first, last).map((line, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
              key={first + i}
              style={{
                height: LINE_HEIGHT,
                lineHeight: `${LINE_HEIGHT}px`,
                whiteSpace: 'pre',
                padding: '0 12px',
              }}
            >
              {line || ' '}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
