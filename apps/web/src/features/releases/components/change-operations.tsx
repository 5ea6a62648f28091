import type { ChangeLevel } from '@quire/api-model';
import type { Comparison } from '@quire/shared';
import type { releases } from '@quire/shared/i18n/en/releases';
import styles from './change-list.module.css';

/**
 * The text of a releases string (`releases.*` of the language packs) with its `{0}`, `{1}` filled in: the app
 * passes its i18next `t`, the light changelog page (src/changelog-main.tsx) the pack itself.
 */
export type ReleaseText = (key: keyof typeof releases, args?: Record<number, string | number>) => string;

/**
 * Operations rendered at first and per "show more": a comparison of two versions of a large description
 * (1,000+ operations, thousands of changes) renders in about a second on its own otherwise (docs/releases.md,
 * "Figures"); breaking operations come first, so the first page holds what a reader looks for first.
 */
export const CHANGE_PAGE = 50;

const LEVEL_KEY = {
  breaking: 'breaking',
  'non-breaking': 'nonBreaking',
  docs: 'docsOnly',
} as const;

/**
 * A level's tag: a plain element drawn like antd's Tag (red, blue, grey), since a list holds one per operation
 * and per change and antd's Tag costs several times a plain element to render (docs/releases.md, "Figures").
 * Colours: change-list.module.css, 4.5:1 or more in both themes.
 */
export function LevelTag({ level, text }: { level: ChangeLevel; text: ReleaseText }) {
  return (
    <span className={styles.level} data-tag={level}>
      {text(LEVEL_KEY[level])}
    </span>
  );
}

/**
 * The operations of a comparison as given (breaking first, the server's order), each with its changes: the
 * place and path, and the rule that decided the level (rule ids are stable names, shown as they are). No antd
 * and no i18next: the app's ChangeList and the light changelog page draw the very same list with it.
 */
export function ChangeOperations({
  operations,
  text,
}: {
  operations: Comparison['operations'];
  text: ReleaseText;
}) {
  return (
    <ul className={styles.operations}>
      {operations.map((op) => (
        <li key={`${op.kind}:${op.docId}:${op.key}`} className={styles.operation} data-level={op.level}>
          {/* Plain elements: a page holds hundreds of changes, and antd's Typography and Tag cost several
              times a plain element to render each (docs/releases.md, "Figures"). */}
          <div className={styles.heading}>
            <LevelTag level={op.level} text={text} />
            <code className={styles.code}>{op.key}</code>
            <span>{op.name}</span>
            <span className={styles.secondary}>
              {text(op.kind)}
              {op.moduleName ? ` · ${op.moduleName}` : ''}
            </span>
          </div>
          {op.kind === 'changed' ? (
            <ul className={styles.changes}>
              {op.changes.map((change) => (
                <li
                  key={`${change.rule}:${change.where}:${change.path}:${change.before ?? ''}:${change.after ?? ''}`}
                >
                  <LevelTag level={change.level} text={text} />
                  {change.where !== 'operation' ? (
                    <code
                      className={styles.code}
                    >{`${change.where}${change.path ? ` ${change.path}` : ''}`}</code>
                  ) : null}{' '}
                  <span className={styles.secondary}>
                    {change.rule}
                    {change.before !== undefined || change.after !== undefined
                      ? ` (${change.before ?? ''} → ${change.after ?? ''})`
                      : ''}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
