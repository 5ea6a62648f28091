// Browser-safe entry: no Node imports here (the doc page's debug panel runs this in a Web Worker).
export { HOST_HELPERS } from './helpers.ts';
export { clampLimits, createSandbox, loadQuickJS, type Sandbox, type SandboxOptions } from './sandbox.ts';
export * from './types.ts';
