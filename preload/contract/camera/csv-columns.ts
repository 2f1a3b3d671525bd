import { emptyDraft, emptyStream, STREAM_TYPES, type CameraDraft, type StreamKind } from './camera-draft';
import { addProblem, type Problems } from './problem';
import { dayFromWire } from './timetable';

/**
 * The bulk-import CSV: one column per request field, named after it (`name`, `mac`, `group_external_id`, …), with
 * the ONVIF credentials and the per-stream archive settings flattened (`onvif_port`, `high_storage_days`,
 * `low_from`). A timetable in CSV is one day of the seen type `same_every_day`, its from/to in the spec's shape.
 * `log_extra` is sent as text, or as a JSON object when the cell starts with `{`; `group_type` left empty is `private`.
 */
export const CSV_COLUMNS = [
  'name',
  'mac',
  'serial_number',
  'external_id',
  'service',
  'log_extra',
  'group_type',
  'group_id',
  'group_external_id',
  'folder_id',
  'folder_key',
  'is_user_owner',
  'is_can_manage_archive_storage_days',
  'latitude',
  'longitude',
  'onvif_login',
  'onvif_password',
  'onvif_port',
  'high_archive',
  'high_storage_days',
  'high_recording_type',
  'high_from',
  'high_to',
  'low_archive',
  'low_storage_days',
  'low_recording_type',
  'low_from',
  'low_to',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** A row is a camera only with these; the tree element and folder each need one of two columns. */
export const REQUIRED_COLUMNS: readonly (CsvColumn | `${CsvColumn}|${CsvColumn}`)[] = ['name', 'mac', 'group_id|group_external_id', 'folder_id|folder_key'];

/**
 * The example rows of the downloadable template. Their placements are ones the built-in demo server holds for any
 * seed (main/simulator/seed/tree.ts, DEMO_SITE; tree element 1 is the root and folder 501 its first folder), so the
 * template imports as it is against the demo server.
 */
export const TEMPLATE_ROWS: Array<Partial<Record<CsvColumn, string>>> = [
  {
    name: 'Depot gate 1',
    mac: 'AA:BB:CC:00:00:01',
    serial_number: 'SN-000001',
    log_extra: '{"work_order": "RIGA-1042"}',
    group_type: 'private',
    group_external_id: 'site-riga-depot',
    folder_key: 'riga-depot-gates',
    is_user_owner: 'false',
    is_can_manage_archive_storage_days: 'true',
    latitude: '56.9496',
    longitude: '24.1052',
    onvif_login: 'admin',
    onvif_password: 'change-me',
    onvif_port: '80',
    high_archive: 'true',
    high_storage_days: '30',
    high_recording_type: 'fulltime',
  },
  {
    name: 'Depot yard',
    mac: 'aa-bb-cc-00-00-02',
    log_extra: 'installed by crew 7',
    group_id: '1',
    folder_id: '501',
    high_archive: 'true',
    high_storage_days: '14',
    high_recording_type: 'timetable',
    high_from: '08:00:00+03:00',
    high_to: '20:00:00+03:00',
    low_archive: 'false',
  },
];

/** `Serial Number`, `serial-number`, ` SERIAL_NUMBER ` all name `serial_number`. */
export function columnOf(header: string): CsvColumn | null {
  const key = header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return (CSV_COLUMNS as readonly string[]).includes(key) ? (key as CsvColumn) : null;
}

const TRUE = new Set(['true', 'yes', 'y', '1', 'on', 'да']);
const FALSE = new Set(['false', 'no', 'n', '0', 'off', 'нет', '']);

function flag(value: string, column: CsvColumn, problems: Problems): boolean {
  const v = value.trim().toLowerCase();
  if (TRUE.has(v)) return true;
  if (!FALSE.has(v)) addProblem(problems, column, 'onboarding.rules.flag');
  return false;
}

/** Where each request field path of a CSV row shows: its cell. */
export function columnOfPath(path: string, kinds: StreamKind[]): CsvColumn | 'row' {
  const direct = columnOf(path);
  if (direct) return direct;
  if (path.startsWith('onvif_credentials.')) return columnOf(`onvif_${path.slice('onvif_credentials.'.length)}`) ?? 'onvif_port';
  const stream = /^streams\.(\d+)\.?([a-z_]*)(?:\.days\.\d+\.(from|to))?/.exec(path);
  if (stream) {
    const kind = kinds[Number(stream[1])] ?? 'high';
    if (stream[3]) return `${kind}_${stream[3] as 'from' | 'to'}`;
    if (stream[2] === 'archive_storage_days') return `${kind}_storage_days`;
    if (stream[2] === 'is_archive_enabled') return `${kind}_archive`;
    if (stream[2]?.startsWith('archive_recording_timetable')) return `${kind}_from`;
    return `${kind}_recording_type`;
  }
  return 'row';
}

/** A cell as the rules read it: trimmed, '' when the column is absent. */
function cellOf(record: Partial<Record<CsvColumn, string>>, column: CsvColumn): string {
  const value = record[column];
  return value === undefined ? '' : value.trim();
}

/** Each stream type's columns, named once instead of per row. */
const STREAM_COLUMNS = Object.fromEntries(
  STREAM_TYPES.map((kind) => [
    kind,
    { archive: `${kind}_archive`, days: `${kind}_storage_days`, type: `${kind}_recording_type`, from: `${kind}_from`, to: `${kind}_to` } as const,
  ]),
) as { [K in StreamKind]: { archive: `${K}_archive`; days: `${K}_storage_days`; type: `${K}_recording_type`; from: `${K}_from`; to: `${K}_to` } };

/**
 * A CSV record (column -> cell) as a draft, with the problems only the CSV form can have (a flag that is not
 * yes/no, both id and key given). The draft's own rules are checked afterwards by `toRequest`.
 * Called once per row of a 10,000-row file: each cell is read once, and nothing is allocated that the draft does not keep.
 */
export function draftOfRecord(record: Partial<Record<CsvColumn, string>>, newExternalId: () => string): { draft: CameraDraft; problems: Problems } {
  const problems: Problems = {};
  const draft = emptyDraft(cellOf(record, 'external_id') || newExternalId());
  draft.name = cellOf(record, 'name');
  draft.mac = cellOf(record, 'mac');
  draft.serial_number = cellOf(record, 'serial_number');
  draft.service = cellOf(record, 'service');
  const logExtra = cellOf(record, 'log_extra');
  draft.log_extra = logExtra;
  draft.log_extra_as = logExtra.startsWith('{') ? 'json' : 'text';
  const groupType = cellOf(record, 'group_type');
  if (groupType !== '') draft.group_type = groupType;
  const groupId = cellOf(record, 'group_id');
  const groupKey = cellOf(record, 'group_external_id');
  if (groupId !== '' && groupKey !== '') addProblem(problems, 'group_external_id', 'onboarding.rules.eitherOr');
  draft.group_by = groupId !== '' ? 'id' : 'key';
  draft.group = groupId || groupKey;
  const folderId = cellOf(record, 'folder_id');
  const folderKey = cellOf(record, 'folder_key');
  if (folderId !== '' && folderKey !== '') addProblem(problems, 'folder_key', 'onboarding.rules.eitherOr');
  draft.folder_by = folderId !== '' ? 'id' : 'key';
  draft.folder = folderId || folderKey;
  draft.is_user_owner = flag(cellOf(record, 'is_user_owner'), 'is_user_owner', problems);
  draft.can_manage_storage_days = flag(cellOf(record, 'is_can_manage_archive_storage_days'), 'is_can_manage_archive_storage_days', problems);
  draft.latitude = cellOf(record, 'latitude');
  draft.longitude = cellOf(record, 'longitude');
  draft.onvif_login = cellOf(record, 'onvif_login');
  draft.onvif_password = record.onvif_password ?? '';
  draft.onvif_port = cellOf(record, 'onvif_port');
  for (const kind of STREAM_TYPES) {
    const column = STREAM_COLUMNS[kind];
    const archive = cellOf(record, column.archive);
    const days = cellOf(record, column.days);
    const type = cellOf(record, column.type);
    const from = cellOf(record, column.from);
    const to = cellOf(record, column.to);
    const include = archive !== '' || days !== '' || type !== '' || from !== '' || to !== '';
    const stream = emptyStream(include);
    if (include) {
      stream.is_archive_enabled = archive === '' ? true : flag(archive, column.archive, problems);
      stream.archive_storage_days = days;
      stream.archive_recording_type = type || (from ? 'timetable' : 'fulltime');
      if (from !== '' || to !== '') stream.days = [dayFromWire({ type: 'same_every_day', from, to, breaks: [] })];
    }
    draft.streams[kind] = stream;
  }
  return { draft, problems };
}
