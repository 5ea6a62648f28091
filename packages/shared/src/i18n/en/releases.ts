/** Releases, comparisons and changelogs (docs/releases.md): messages and screens. */
export const releaseErrors = {
  'release.not_found': 'Release not found',
  'release.no_taken': 'This project already has a release numbered "{0}"',
  'release.doc_outside': 'A doc or application of the release does not belong to this project: {0}',
  'compare.invalid_source': 'The description cannot be compared: {0}',
};

export const releases = {
  title: 'Releases',
  changelog: 'Changelog',
  create: 'New release',
  releaseNo: 'Version',
  releaseDesc: 'Description',
  status: 'Status',
  valid: 'Valid',
  invalid: 'Invalid',
  docCount: 'Docs',
  createdAt: 'Created',
  creator: 'By',
  empty: 'No release yet: a release freezes the docs as they are now, so they can be compared later.',
  loadFailed: 'The releases could not be loaded',
  created: 'Release {0} created',
  remove: 'Delete',
  removeConfirm: 'Delete release {0}? The docs stay; only the frozen version goes.',
  compareNow: 'Changes since',
  noReleaseYet: 'No valid release yet: create one to see what changes after it.',
  sinceRelease: 'Changes since release {0}',
  noChanges: 'Nothing changed since this release.',
  breaking: 'Breaking',
  nonBreaking: 'Non-breaking',
  docsOnly: 'Docs',
  added: 'added',
  removed: 'removed',
  changed: 'changed',
  summary: '{0} breaking, {1} non-breaking, {2} docs changes',
  rule: 'Rule',
  readTitle: 'Release {0}',
  selector: 'Release',
  read: 'Read',
  docs: 'Docs of the release',
  noDocs: 'This release covers no doc.',
  pickDoc: 'Pick a doc of the release on the left.',
  actions: 'Actions',
};

/** The Atom feed of a share's changelog (server-side text). */
export const releaseFeed = {
  title: '{0}: changelog',
  release: 'Release {0}',
  unreleased: 'Changes since release {0}',
  firstRelease: 'First release: {0} operations',
  noChanges: 'No change to the shared docs.',
};
