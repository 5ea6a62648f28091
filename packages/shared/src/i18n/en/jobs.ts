/** Background jobs: their errors and the progress panel. */
export const jobErrors = {
  'job.cancel_forbidden': 'Only the person who started this job or an administrator can cancel it',
  'job.not_cancellable': 'This job has finished or is saving its result, so it can no longer be cancelled',
  'import.needs_memory':
    'This description needs more than {0} MB to convert; an administrator can raise QUIRE_WORKER_HEAP_MB',
  'import.convert_timeout': 'Converting this description took longer than the limit of {0} s',
  'import.too_deep': 'The description is nested too deeply to be read',
  'import.stopped': 'The server stopped during the import; it will run again',
};

export const jobs = {
  title: 'Background jobs',
  running: 'Running jobs',
  none: 'No job is running',
  loadFailed: 'The jobs could not be loaded',
  cancel: 'Cancel job',
  cancelConfirm: 'Cancel this job? Nothing of it is kept.',
  cancelled: 'Job cancelled',
  statusQueued: 'Waiting',
  statusRunning: 'Running',
  statusDone: 'Done',
  statusFailed: 'Failed',
  statusCancelled: 'Cancelled',
  phaseQueued: 'Waiting for a worker',
  phaseFetch: 'Fetching the source',
  phaseParse: 'Reading the description',
  phaseConvert: 'Converting operations',
  phaseWrite: 'Saving documents',
  phaseCommit: 'Saving documents',
  count: '{0} / {1}',
  kindImport: 'Import',
  kindRefresh: 'Re-import',
};
