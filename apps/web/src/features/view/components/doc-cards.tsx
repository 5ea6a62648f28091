import { MethodTag } from '@quire/reader';
import { NOT_DEPRECATED } from '@quire/shared';
import { Link } from 'react-router';
import type { TreeItem } from '../view-tree.ts';
import styles from './doc-cards.module.css';

/** The landing's docs as cards: each a plain link to the doc, so it opens with a click, Enter or a new tab. */
export function DocCards({ docs }: { docs: ReadonlyArray<TreeItem> }) {
  return (
    <div className={styles.cards}>
      {docs.map((item) => (
        <Link key={item.id} to={`/view/${item.id}`} className={styles.card} title={item.label}>
          <span className={styles.title}>
            <MethodTag method={item.httpMethod} small />
            <span className={`${styles.name} ${item.deprecated !== NOT_DEPRECATED ? styles.deprecated : ''}`}>
              {item.label}
            </span>
          </span>
          <span className={styles.sub}>{item.url || (item.parent?.label ?? '')}</span>
        </Link>
      ))}
    </div>
  );
}
