/** The data folder: what main says when it cannot be written, and what it set aside. */
export const storage = {
  reasons: {
    'read-only': 'the disk or folder is read-only',
    full: 'the disk is full',
    denied: 'Watchdesk has no permission to write there',
    other: 'the system answered {{code}}',
  },
  unwritable:
    'The data folder {{path}} cannot be written ({{reason}}). Watchdesk keeps working, but nothing new is kept: cameras added now do not go into the outbox, and server profiles, templates, watch lists and the token history stay as they were. Free some space or make the folder writable, then restart Watchdesk.',
  diskFull:
    'The disk holding {{path}} is full, so this change was not saved (nothing saved before it is lost). Free some space on that disk and try again: Watchdesk saves again as soon as there is room.',
  /** The standing banner (Connect, About): no change of the reader's is meant. */
  diskFullBanner:
    'The disk holding {{path}} is full: changes made now are not saved (nothing saved before is lost). Free some space on that disk: Watchdesk saves again as soon as there is room.',
  fullAtStart:
    'The disk holding {{path}} was full when Watchdesk started, so nothing can be saved until Watchdesk is restarted (nothing saved before it is lost). Free some space on that disk, then restart Watchdesk.',
  unwritableAtStart:
    'This change could not be saved: the data folder {{path}} could not be written when Watchdesk started ({{reason}}), so nothing is saved until Watchdesk is restarted. Make the folder writable, then restart Watchdesk.',
  saveFailed:
    'This change could not be saved: the data folder {{path}} cannot be written ({{reason}}). Free some space or make the folder writable, then try again.',
  damagedNow:
    'The database in {{path}} is damaged, so this could not be read or saved. Restart Watchdesk: it sets the damaged file aside, keeps everything in it that can still be read, and says what could not.',
  walSetAside:
    'The database\'s write-ahead log ({{file}}) was damaged ({{why}}). A copy was kept as {{kept}}; the changes that could still be read were kept, the rest of the log could not be read.',
  walUnreadable:
    'The database\'s write-ahead log ({{file}}) was damaged ({{why}}), so none of the changes in it could be read: Watchdesk started with what the database file itself holds. The log was kept as {{kept}}.',
  databaseSetAside:
    'The database was damaged ({{why}}). It was kept as {{file}}, and Watchdesk started a new one with what could still be read: {{kept}}. Could not be read: {{lost}}.',
  databaseUnreadable:
    'The database was damaged ({{why}}) and nothing in it could be read. It was kept as {{file}}, and Watchdesk started a new, empty one.',
  newerSchema:
    'The database {{file}} was written by a newer version of Watchdesk (its schema is {{found}}; this version knows up to {{known}}). It was left exactly as it is: this version shows nothing of it and saves nothing. Start the newer Watchdesk to use it, or start this one with another data folder.',
  newerSchemaSave:
    'This change could not be saved: the database {{file}} was written by a newer version of Watchdesk, and this version does not change it. Start the newer Watchdesk to use it.',
  linkCredentialsRemoved:
    'The playback link of {{names}} held a user name and password. A profile keeps no passwords, so they were taken out of the link and are no longer saved; enter them in the player if it asks for them.',
  folderGone:
    'This change could not be saved: the data folder {{path}} was moved or deleted while Watchdesk was running. Put the folder back where it was and try again, or restart Watchdesk to start a new one there.',
  rowsUnreadable:
    'Some of the saved {{table}} could not be read: their bytes in the database file are damaged (a disk or memory fault). Watchdesk shows everything else, and leaves those rows in the file as they are.',
  tableInPart: '{{table}} ({{rows}}; the rest of it could not be read)',
  damageFound: 'parts of the file could not be read, or no longer fit together',
  tablesMissing: 'it lacks tables this version needs: {{tables}}',
  nothing: 'nothing',
  /** What the tables hold, in the sentences above; a table not named here is told by its own name. */
  tables: {
    meta: 'database facts',
    watchLists: 'watch lists',
    watchAlerts: 'watch alerts',
    shortcuts: 'recent and pinned devices',
    deviceCache: 'saved device copies',
    dashboardCache: 'saved dashboards',
    drafts: 'analytics drafts',
    sent: 'analytics bodies sent',
    profiles: 'server profiles',
    activeProfile: 'the server in use',
    outbox: 'cameras in the outbox',
    outboxRequests: 'requests of cameras in the outbox',
    outboxNext: 'cameras in the outbox (being moved to a new layout)',
    templates: 'camera templates',
    tokenHistory: 'token history',
    tokenHistoryCounts: 'token history counts',
    tokenHistoryStreams: 'token history by stream',
    tokenHistoryCleared: 'token history cleared',
    tokenBatches: 'token batches',
    historyDevices: 'devices in the device history',
    deviceTransitions: 'device history changes',
    storageSamples: 'device disk readings',
    alertTransitions: 'alert history',
    alertSilences: 'snoozed alerts',
    mutedDevices: 'muted devices',
    settings: 'settings',
  },
  walWhy: {
    header: 'its header is not a write-ahead log header',
    cut: 'it ends part-way through a change',
    damaged: 'a change part-way through it is damaged, so the changes after it could not be read',
  },
  legacyUnreadable:
    'The {{what}} saved by an earlier version ({{files}}) could not be read, so it was left where it is and not taken into the database. Nothing was deleted; Watchdesk tries again at the next start.',
  legacyNotSaved:
    'What an earlier version kept ({{what}}) could not be taken into the database: {{reason}} Its files were left where they are; Watchdesk tries again at the next start.',
  /** The banner on Connect and About. */
  banner: {
    unwritable: 'Changes cannot be saved',
    setAside: 'Some saved data was set aside or could not be read',
  },
};
