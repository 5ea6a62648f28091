import type { ThemeConfig } from 'antd';

type Algorithm = Exclude<NonNullable<ThemeConfig['algorithm']>, ReadonlyArray<unknown>>;

let loaded: Algorithm | null = null;

/**
 * antd's dark algorithm, as its own chunk: the login page's JavaScript has a budget and most people read in
 * light, so only a dark page downloads it (start-app.tsx waits for it before the first paint when the theme in
 * effect is dark, so antd never flashes light).
 */
export function loadDarkAlgorithm(): Promise<Algorithm> {
  if (loaded) return Promise.resolve(loaded);
  return import('antd/es/theme/themes/dark/index.js').then((module) => {
    loaded = module.default as Algorithm;
    return loaded;
  });
}

/** The dark algorithm when already loaded, else null. */
export function loadedDarkAlgorithm(): Algorithm | null {
  return loaded;
}
