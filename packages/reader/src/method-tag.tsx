/** @jsxRuntime automatic */
import { METHOD_COLORS } from '@quire/shared/constants';

/**
 * An HTTP method in the colours of the method rule (GET info, POST default, PUT warning, DELETE danger, HEAD
 * success). A styled span: the tree, the search list and the landing draw dozens at once.
 */
export function MethodTag({ method, small = false }: { method: string; small?: boolean }) {
  if (!method) return null;
  const tone = METHOD_COLORS[method] ?? 'default';
  return (
    <span className={`q-rd-method q-rd-tone-${tone}${small ? ' q-rd-method-small' : ''}`}>{method}</span>
  );
}
