/**
 * Formats a server timestamp (ISO 8601, or Torna's `yyyy-MM-dd HH:mm:ss`) as a local date and time in the
 * UI language; an unparsable value is shown as sent rather than as "Invalid Date".
 */
export function formatDateTime(value: string, lang: string): string {
  const normalized = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value) ? value.replace(' ', 'T') : value;
  const date = new Date(normalized);
  if (Number.isNaN(date.getTime())) return value;
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    // An uploaded language code the browser does not know.
    return date.toLocaleString();
  }
}
