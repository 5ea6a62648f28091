import { CopyButton } from '../../../components/copy-button.tsx';

/**
 * Read-only code with a copy button; long lines scroll instead of wrapping so code keeps its shape. The
 * examples and types of a large doc run to thousands of lines below the fold: `content-visibility: auto`
 * lets the browser skip laying them out until they are scrolled to (that layout was most of the time to
 * open a 1,000-param doc).
 */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <figure
      style={{
        position: 'relative',
        margin: 0,
        contentVisibility: 'auto',
        containIntrinsicSize: 'auto 300px',
      }}
      aria-label={label}
    >
      <CopyButton text={code} label={label} size="small" style={{ position: 'absolute', top: 8, right: 8 }} />
      <pre
        style={{
          margin: 0,
          padding: '12px 16px',
          paddingRight: 96,
          maxHeight: 480,
          overflow: 'auto',
          fontSize: 12.5,
          lineHeight: 1.6,
          background: '#f7f8fa',
          border: '1px solid #eef0f5',
          borderRadius: 6,
        }}
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
