import { METHOD_COLORS } from '@quire/shared';
import { Tag } from 'antd';

/** An HTTP method in the colours of SPEC.md section 9 (GET info, POST default, PUT warning, DELETE danger, HEAD success). */
export function MethodTag({ method, small = false }: { method: string; small?: boolean }) {
  if (!method) return null;
  return (
    <Tag
      color={METHOD_COLORS[method] ?? 'default'}
      style={small ? { marginInlineEnd: 0, fontSize: 11, lineHeight: '16px', paddingInline: 4 } : undefined}
    >
      {method}
    </Tag>
  );
}
