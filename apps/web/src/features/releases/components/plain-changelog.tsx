import type { ProjectChangelog } from '@quire/shared';
import { formatDateTime } from '../../../lib/format.ts';
import { CHANGE_PAGE, ChangeOperations, type ReleaseText } from './change-operations.tsx';
import listStyles from './change-list.module.css';
import styles from './plain-changelog.module.css';

/**
 * The project changelog page (`/project/changelog/{projectId}`) without antd, router or query cache: what the
 * light changelog entry (src/changelog-main.tsx) shows until the app takes over. The same content, order and
 * look as pages/project-changelog-page.tsx (heading, the changes since the newest valid release with their
 * level tags and "show more", then the releases newest first); the application select comes with the app, its
 * place kept. `onMore(count)` asks for the first `count` operations; `loadingMore` while that answer is out.
 */
export function PlainChangelog({
  log,
  text,
  language,
  moduleLabel,
  onMore,
  loadingMore,
}: {
  log: ProjectChangelog;
  text: ReleaseText;
  language: string;
  /** What the application select will show (an application's id until the app knows its name). */
  moduleLabel: string;
  onMore: (count: number) => void;
  loadingMore: boolean;
}) {
  const { since, changes, releases } = log;
  return (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>{text('changelog')}</h1>
        {/* The application select's place: the select itself comes with the app. */}
        <div className={styles.select} aria-hidden="true">
          {moduleLabel}
        </div>
      </div>
      <section className={styles.card} style={{ marginBottom: 16 }}>
        {since && changes ? (
          <>
            <h2 className={styles.cardTitle}>{text('sinceRelease', { 0: since.releaseNo })}</h2>
            <Changes changes={changes} text={text} onMore={onMore} loadingMore={loadingMore} />
          </>
        ) : (
          <p className={styles.empty}>{text('noReleaseYet')}</p>
        )}
      </section>
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>{text('title')}</h2>
        {releases.length ? (
          <ul className={styles.timeline}>
            {releases.map((release) => (
              <li key={release.id} className={styles.item} data-valid={release.status === 1}>
                <strong className={styles.releaseNo}>{release.releaseNo}</strong>{' '}
                <span className={`${listStyles.level} ${styles.status}`}>
                  {release.status === 1 ? text('valid') : text('invalid')}
                </span>
                <span className={listStyles.secondary}>
                  {formatDateTime(release.gmtCreate, language)}
                  {release.creatorName ? ` · ${release.creatorName}` : ''}
                </span>
                {release.releaseDesc ? <p className={styles.paragraph}>{release.releaseDesc}</p> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.empty}>{text('empty')}</p>
        )}
      </section>
    </>
  );
}

/** ChangeList of change-list.tsx with `onMore`, in plain elements. */
function Changes({
  changes,
  text,
  onMore,
  loadingMore,
}: {
  changes: NonNullable<ProjectChangelog['changes']>;
  text: ReleaseText;
  onMore: (count: number) => void;
  loadingMore: boolean;
}) {
  if (!changes.operations.length) return <p className={styles.empty}>{text('noChanges')}</p>;
  const { summary } = changes;
  const total = summary.operations.added + summary.operations.removed + summary.operations.changed;
  const shown = changes.operations.length;
  const step = CHANGE_PAGE * 4;
  return (
    <section aria-label={text('changelog')}>
      <p className={styles.paragraph}>
        {text('summary', {
          0: summary.levels.breaking,
          1: summary.levels['non-breaking'],
          2: summary.levels.docs,
        })}
      </p>
      <ChangeOperations operations={changes.operations} text={text} />
      {total > shown ? (
        <button
          type="button"
          className={styles.more}
          // Not `disabled` while the answer is out: a disabled button drops the keyboard focus.
          aria-busy={loadingMore}
          aria-disabled={loadingMore}
          onClick={() => {
            if (!loadingMore) onMore(shown + step);
          }}
        >
          {text('showMore', { 0: Math.min(step, total - shown), 1: total })}
        </button>
      ) : null}
    </section>
  );
}
