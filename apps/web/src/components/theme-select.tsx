import { BgColorsOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { setThemeChoice, type ThemeChoice, useThemeChoice } from '../lib/theme.ts';
import styles from './language-select.module.css';

const CHOICES: ThemeChoice[] = ['system', 'light', 'dark'];

/**
 * The colour theme switch of the reader's pages (and of the public pages that reuse its layout): a native
 * select like the language one, applied at once and remembered on this browser.
 */
export function ThemeSelect() {
  const { t } = useTranslation();
  const choice = useThemeChoice();
  return (
    <span className={styles.wrap}>
      <BgColorsOutlined className={styles.icon} aria-hidden="true" />
      <select
        className={styles.select}
        aria-label={t('theme.label')}
        value={choice}
        onChange={(event) => setThemeChoice(event.target.value as ThemeChoice)}
      >
        {CHOICES.map((value) => (
          <option key={value} value={value}>
            {t(`theme.${value}`)}
          </option>
        ))}
      </select>
    </span>
  );
}
