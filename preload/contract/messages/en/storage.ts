/** The data folder: what main says when it cannot be written, and what it set aside. */
export const storage = {
  reasons: {
    'read-only': 'the disk or folder is read-only',
    full: 'the disk is full',
    denied: 'Watchdesk has no permission to write there',
    other: 'the system answered {{code}}',
  },
  unwritable:
    'The data folder {{path}} cannot be written ({{reason}}). Watchdesk keeps working, but changes are not saved: server profiles, the token history and cached answers stay as they were. Free some space or make the folder writable, then restart Watchdesk.',
  diskFull: 'The disk holding {{path}} is full. This change was not saved; everything saved before is kept. Free some space, then try again.',
  saveFailed:
    'This change could not be saved: the data folder {{path}} cannot be written ({{reason}}). Free some space or make the folder writable, then try again.',
  profilesSetAside:
    'The server profiles file was damaged ({{why}}). A copy was kept as {{file}} in the data folder, and Watchdesk continued with what could be read.',
  profilesSetAsideFailed: 'The server profiles file was damaged ({{why}}), and no copy of it could be kept. Watchdesk continued with what could be read.',
  databaseSetAside:
    'The database was damaged ({{why}}). It was kept as {{file}}, and Watchdesk started a new one with what could still be read: {{kept}}. Could not be read: {{lost}}.',
  nothing: 'nothing',
  legacyUnreadable:
    'The {{what}} saved by an earlier version ({{files}}) could not be read, so it was left where it is and not taken into the database. Nothing was deleted; Watchdesk tries again at the next start.',
  /** The banner on Connect and About. */
  banner: {
    unwritable: 'Changes cannot be saved',
    setAside: 'Damaged files were set aside',
  },
  why: {
    notJson: 'it is not valid JSON',
    notProfiles: 'it is not a profiles file',
    dropped_one: '{{count}} profile could not be read',
    dropped_other: '{{count}} profiles could not be read',
  },
};
