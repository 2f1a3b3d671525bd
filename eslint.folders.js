// The folders of main/ depend one way, so there is no cycle between them: each folder imports only folders of a
// lower rank (and itself). Features (rank 5) build on the shared services of main/app/ and never on each other; the
// composition root (main/app/create-app.ts, the list of features) and the two hosts (web, electron) sit on top.
// A new folder in main/ gets its rank here; eslint.layers.js applies these policies after its own.

/** Rank of each folder of main/: a folder imports only folders of a lower rank. */
export const folderRanks = {
  shared: 0,
  simulator: 0,
  secrets: 1,
  platform: 1,
  ipc: 1,
  storage: 2,
  outbox: 3,
  profiles: 3,
  // Support in the field: the log file's settings, crash records, diagnostics, updates (its channels live in about/).
  support: 3.5,
  // The composition root's services: the event hub, the connection pool and its watch, the demo server.
  app: 4,
  // The alert states, notifications and device history the watch lists build on.
  alerts: 4.5,
  about: 5,
  agents: 5,
  analytics: 5,
  connect: 5,
  dashboard: 5,
  onboarding: 5,
  tokens: 5,
  web: 7,
  electron: 8,
};

const compositionRoot = 'main/app/create-app.ts';
const mainFolder = (folders) => ({ element: { type: ['main', 'main-electron'], captured: { folder: folders } } });

export const folderElements = [
  { type: 'main-electron', pattern: 'main/electron', capture: ['folder'], partialMatch: false },
  { type: 'main', pattern: 'main/*', capture: ['folder'], partialMatch: false },
];
export const folderFiles = [{ category: 'composition-root', pattern: compositionRoot, partialMatch: false }];

export const folderPolicies = [
  ...Object.entries(folderRanks).map(([folder, rank]) => {
    const notBelow = Object.entries(folderRanks)
      .filter(([other, otherRank]) => other !== folder && otherRank >= rank)
      .map(([other]) => other);
    return {
      from: mainFolder(folder),
      disallow: { to: mainFolder(notBelow) },
      message: `main/${folder}/ imports only the folders of main/ below it (eslint.folders.js), so that no two folders depend on each other`,
    };
  }),
  {
    from: mainFolder(`!(${Object.keys(folderRanks).join('|')})`),
    disallow: { to: { module: { origin: 'local' } } },
    message: 'a new folder of main/ needs its rank in eslint.folders.js',
  },
  // The list of features imports every feature; only the hosts import it.
  { from: { file: { categories: 'composition-root' } }, allow: { to: mainFolder(Object.keys(folderRanks).filter((folder) => folderRanks[folder] < folderRanks.web)) } },
  {
    from: mainFolder(Object.keys(folderRanks).filter((folder) => folderRanks[folder] < folderRanks.web)),
    disallow: { to: { file: { categories: 'composition-root' } } },
    message: `only the hosts (main/web/, main/electron/) import ${compositionRoot}`,
  },
  // The one-time readers of the files written before the database decode them with that version's own code.
  {
    from: { file: { path: 'main/storage/legacy/*.ts' } },
    allow: { to: { file: { path: ['main/profiles/ca-certificates.ts', 'main/outbox/outbox-state.ts'] } } },
  },
  // The one edge against the ranks: main/app/services.ts takes the HostFacts type from main/about/app-info.ts.
  {
    from: mainFolder('app'),
    allow: { to: { file: { path: 'main/about/app-info.ts' } }, dependency: { kind: 'type' } },
  },
];
