import type { UserSource } from '@quire/shared';
import type { TranslationKey } from '../../lib/i18n.ts';

/** How an account's origin is shown: LDAP and the other external logins are third-party. */
export function sourceLabelKey(source: UserSource | string): TranslationKey {
  switch (source) {
    case 'register':
      return 'user.sourceRegister';
    case 'backend':
      return 'user.sourceBackend';
    case 'form':
    case 'oauth':
    case 'ldap':
      return 'user.sourceThirdParty';
    default:
      return 'user.sourceUnknown';
  }
}
