/** The id the debug panel gives the application's mock base in its environment list. */
export const MOCK_ENV_ID = 'mock';

/** A mock URL as a browser or a front end calls it: the server answers a path unless it has a mock origin. */
export function absoluteMockUrl(url: string): string {
  return url.startsWith('/') ? `${window.location.origin}${url}` : url;
}

/** Where a doc answers under its application's mock base: the doc's path, without host or query. */
export function docMockUrl(base: string, docUrl: string): string {
  const path = docUrl
    .trim()
    .replace(/^\{\{[^}]*\}\}/, '')
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')
    .split(/[?#]/)[0]
    ?.split('/')
    .filter(Boolean)
    .join('/');
  return `${absoluteMockUrl(base)}/${path ?? ''}`;
}
