import { toastError, toastSuccess } from './feedback.ts';
import { i18n } from './i18n.ts';

/**
 * Copies text and says how it went: "Copied", or 'clipboard not supported' (no Clipboard API,
 * e.g. a page served over plain HTTP) and 'copy failed' (the browser refused).
 */
export async function copyText(text: string): Promise<boolean> {
  if (!navigator.clipboard?.writeText) {
    toastError(i18n.t('common.clipboardUnsupported'));
    return false;
  }
  try {
    await navigator.clipboard.writeText(text);
    toastSuccess(i18n.t('common.copied'));
    return true;
  } catch {
    toastError(i18n.t('common.copyFailed'));
    return false;
  }
}
