// Node entry: the worker-thread pool the server runs scripts in, plus a direct in-thread sandbox for tools.
export { readMockSource } from './mock-source.ts';
export { SandboxPool, type SandboxPoolOptions } from './pool.ts';
