import { GlobalOutlined } from '@ant-design/icons';
import { BUILTIN_LANGS } from '@quire/shared';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeAppLanguage } from '../lib/language.ts';
import styles from './language-select.module.css';

/**
 * Switches the language in place: the page re-renders in the new language and keeps whatever was typed.
 * A native select on purpose: it is fully keyboard and screen-reader accessible, uses the phone's own picker,
 * and keeps antd's Select (about 30 KB) off the login page. Lists the built-in languages plus the current one;
 * the system setting page lists the server's uploaded languages too.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const [isChanging, setIsChanging] = useState(false);
  const options: { value: string; label: string }[] = BUILTIN_LANGS.map((l) => ({
    value: l.lang,
    label: l.description,
  }));
  if (!options.some((o) => o.value === i18n.language))
    options.push({ value: i18n.language, label: i18n.language });

  const handleChange = (event: ChangeEvent<HTMLSelectElement>) => {
    setIsChanging(true);
    void changeAppLanguage(event.target.value)
      .catch(() => undefined)
      .finally(() => setIsChanging(false));
  };

  return (
    <span className={styles.wrap}>
      <GlobalOutlined className={styles.icon} aria-hidden="true" />
      <select
        className={styles.select}
        aria-label={t('common.language')}
        value={i18n.language}
        onChange={handleChange}
        disabled={isChanging}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
