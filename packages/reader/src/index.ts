/*
 * The reader's doc page, for the web app (/view, /share, /show) and for server-side rendering (the HTML
 * export). React only: no antd, no router, no query cache; its look is `@quire/reader/reader.css`, which the
 * host loads once (the components import no CSS, so Node can import them as they are). Each .tsx file says
 * `@jsxRuntime automatic`: the server's worker threads load them from source through tsx, which reads the
 * tsconfig of the working directory, not this package's.
 */
export { CodeBlock } from './code-block.tsx';
export { DocPage, type DocPageProps } from './doc-page.tsx';
export {
  fill,
  formatDateTime,
  type ReaderHost,
  type ReaderLabels,
  ReaderProvider,
  useReaderHost,
} from './host.tsx';
export { MethodTag } from './method-tag.tsx';
export { countRows, type ParamLine, paramLines, parentIndex, parentKeys } from './param-lines.ts';
export { ParamTreeGrid } from './param-tree-grid.tsx';
