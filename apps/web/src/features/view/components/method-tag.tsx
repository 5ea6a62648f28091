import { METHOD_COLORS } from '@quire/shared';
import styles from './method-tag.module.css';

/**
 * An HTTP method in its colours (GET info, POST default, PUT warning, DELETE danger, HEAD
 * success). A span styled like antd's Tag rather than the Tag itself: the tree, the search list and the landing
 * draw dozens at once, and each antd Tag costs a component tree and a style lookup.
 */
export function MethodTag({ method, small = false }: { method: string; small?: boolean }) {
  if (!method) return null;
  const color = styles[METHOD_COLORS[method] ?? 'default'] ?? '';
  return <span className={`${styles.tag} ${small ? styles.small : ''} ${color}`}>{method}</span>;
}
