/*
 * The HTML export (Node only: it renders with react-dom/server and hashes its script with node:crypto), on
 * its own subpath so the browser bundle of `@quire/reader` never pulls it in.
 */
export { type HtmlExportOptions, offlineHtml, renderHtmlExport } from './html-export.tsx';
export { type PageNode, pageEnvironments, pageTree } from './to-detail.ts';
