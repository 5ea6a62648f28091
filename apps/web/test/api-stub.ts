import { vi } from 'vitest';
import { envelope } from './render.tsx';

/** What a stubbed call answers: data for a success, or a Response (for refusals). */
type Answer = unknown | Response;
type Handler = (request: { url: URL; body: unknown }) => Answer | Promise<Answer>;

/**
 * Stubs `fetch` with one handler per "METHOD /api/path" (query ignored); unknown calls answer 404 like the
 * server. Returns the mock, so tests can assert what was sent.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return envelope(null, 'http.not_found', 'No such API', 404);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const answer = await handler({ url, body });
    return answer instanceof Response ? answer : envelope(answer ?? null);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to `METHOD /api/path`. */
export function sentBodies(fetchMock: ReturnType<typeof stubApi>, key: string): unknown[] {
  const [method, path] = key.split(' ');
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return (init?.method ?? 'GET').toUpperCase() === method && url.pathname === path;
    })
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}

/**
 * A name matcher for buttons that carry an icon: antd icons add their own label ("plus"), so the accessible
 * name is "plus New Environment". Matches the visible words at the end of the name.
 */
export function named(text: string): RegExp {
  return new RegExp(`(^|\\s)${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** jsdom has no object URLs: a download (a Blob handed to a link) gets a fake one, and its release does nothing. */
export function stubObjectUrls(): void {
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
}
