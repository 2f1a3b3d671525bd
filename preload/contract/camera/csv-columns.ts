import { emptyDraft, emptyStream, STREAM_TYPES, type CameraDraft, type StreamKind } from './camera-draft';
import { addProblem, type Problems } from './problem';
import { dayFromWire } from './timetable';

/**
 * The bulk-import CSV: one column per request field, named after it (`name`, `mac`, `group_external_id`, …), with
 * the ONVIF credentials and the per-stream archive settings flattened (`onvif_port`, `high_storage_days`,
 * `low_from`). A timetable in CSV is one day of the seen type `same_every_day`, its from/to in the spec's shape.
 */
export const CSV_COLUMNS = [
  'name',
  'mac',
  'serial_number',
  'external_id',
  'service',
  'group_id',
  'group_external_id',
  'folder_id',
  'folder_key',
  'is_user_owner',
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

/** The example rows of the downloadable template. */
export const TEMPLATE_ROWS: Array<Partial<Record<CsvColumn, string>>> = [
  {
    name: 'Depot gate 1',
    mac: 'AA:BB:CC:00:00:01',
    serial_number: 'SN-000001',
    group_external_id: 'site-riga-depot',
    folder_key: 'fld-0503',
    is_user_owner: 'false',
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
    group_id: '12',
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

/**
 * A CSV record (column -> cell) as a draft, with the problems only the CSV form can have (a flag that is not
 * yes/no, both id and key given). The draft's own rules are checked afterwards by `toRequest`.
 */
export function draftOfRecord(record: Partial<Record<CsvColumn, string>>, newExternalId: () => string): { draft: CameraDraft; problems: Problems } {
  const problems: Problems = {};
  const cell = (column: CsvColumn) => (record[column] ?? '').trim();
  const draft = emptyDraft(cell('external_id') || newExternalId());
  draft.name = cell('name');
  draft.mac = cell('mac');
  draft.serial_number = cell('serial_number');
  draft.service = cell('service');
  for (const [by, id, key] of [
    ['group_by', 'group_id', 'group_external_id'],
    ['folder_by', 'folder_id', 'folder_key'],
  ] as const) {
    if (cell(id) !== '' && cell(key) !== '') addProblem(problems, key, 'onboarding.rules.eitherOr');
    draft[by] = cell(id) !== '' ? 'id' : 'key';
    draft[by === 'group_by' ? 'group' : 'folder'] = cell(id) || cell(key);
  }
  draft.is_user_owner = flag(cell('is_user_owner'), 'is_user_owner', problems);
  draft.latitude = cell('latitude');
  draft.longitude = cell('longitude');
  draft.onvif_login = cell('onvif_login');
  draft.onvif_password = record.onvif_password ?? '';
  draft.onvif_port = cell('onvif_port');
  for (const kind of STREAM_TYPES) {
    const columns = [`${kind}_archive`, `${kind}_storage_days`, `${kind}_recording_type`, `${kind}_from`, `${kind}_to`] as const;
    const include = columns.some((column) => cell(column) !== '');
    const stream = emptyStream(include);
    if (include) {
      stream.is_archive_enabled = cell(`${kind}_archive`) === '' ? true : flag(cell(`${kind}_archive`), `${kind}_archive`, problems);
      stream.archive_storage_days = cell(`${kind}_storage_days`);
      stream.archive_recording_type = cell(`${kind}_recording_type`) || (cell(`${kind}_from`) ? 'timetable' : 'fulltime');
      if (cell(`${kind}_from`) !== '' || cell(`${kind}_to`) !== '') {
        stream.days = [dayFromWire({ type: 'same_every_day', from: cell(`${kind}_from`), to: cell(`${kind}_to`), breaks: [] })];
      }
    }
    draft.streams[kind] = stream;
  }
  return { draft, problems };
}
