/** Error messages of running several instances (readiness, shutdown). */
export const scaleErrors = {
  'system.not_ready':
    'This server is not ready: its database is unreachable, not migrated yet, or it is shutting down',
};
