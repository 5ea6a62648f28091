/** The HTTP contract between the Quire server and its clients. */
export * from './api/admin.ts';
export * from './api/auth.ts';
export * from './api/doc-constants.ts';
export * from './api/doc-revisions.ts';
export * from './api/docs.ts';
export * from './api/enums.ts';
export * from './api/environments.ts';
export * from './api/messages.ts';
export * from './api/modules.ts';
export * from './api/projects.ts';
export * from './api/spaces.ts';
export * from './api/system.ts';
export * from './api/user.ts';
export * from './constants.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './validation.ts';
