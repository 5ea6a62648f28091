/** The HTTP contract between the Quire server and its clients. */
export * from './api/auth.ts';
export * from './api/messages.ts';
export * from './api/system.ts';
export * from './api/user.ts';
export * from './constants.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './validation.ts';
