import { type LoaderFunctionArgs, redirect } from 'react-router';
import { resolveGuard } from '../lib/route-guard.ts';
import { hasToken } from '../lib/storage.ts';

/**
 * Root loader: applies the navigation guard before any page loads. It runs on every navigation
 * (`shouldRevalidate` on the root route), because the token can appear or vanish between two clicks.
 */
export function guardLoader({ request }: LoaderFunctionArgs): null {
  const target = resolveGuard(new URL(request.url).pathname, hasToken());
  if (target) throw redirect(target);
  return null;
}

/**
 * A loader that only redirects (the index route, the catch-all). Loaders of matched routes run in parallel
 * and a child's redirect would win over the root's, so these apply the guard themselves first: a logged-out
 * visit to an unknown path still goes to login, not to /404.
 */
export function guardedRedirect(to: string) {
  return (args: LoaderFunctionArgs): never => {
    guardLoader(args);
    throw redirect(to);
  };
}
