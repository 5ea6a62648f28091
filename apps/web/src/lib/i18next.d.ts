import 'i18next';
import type { Translation } from '@quire/shared/i18n';

// Typed keys: `t('common.ok')` is checked against the English pack, so a typo fails the type check.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Translation };
    interpolationPrefix: '{';
    interpolationSuffix: '}';
    returnNull: false;
  }
}
