import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Mock.js's minified UMD build, read from the installed package (it is evaluated only inside QuickJS). */
export function readMockSource(): string {
  return readFileSync(require.resolve('mockjs/dist/mock-min.js'), 'utf8');
}
