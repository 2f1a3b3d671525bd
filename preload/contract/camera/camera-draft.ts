import type { CameraCreateRequest, StreamSettings } from '../wire/platform';
import { checkLatitude, checkLongitude } from './coordinates';
import { checkMac } from './mac';
import { addProblem, type Problems } from './problem';
import { dayFromWire, dayToWire, normalizeOffset, wireClock, type DayDraft } from './timetable';

/**
 * The camera the wizard (or a CSV row) describes, as typed: text fields stay text until they are checked, so the
 * installer never loses a half-typed value. `toRequest` turns a draft into the spec's create request (operation 4)
 * and reports every problem at once, keyed by the request's own field paths, the same keys the server's 422 uses.
 */
export const STREAM_TYPES = ['high', 'low'] as const;
export type StreamKind = (typeof STREAM_TYPES)[number];
export const MAX_TEXT = 255;
export const MIN_STORAGE_DAYS = 1;
export const MAX_STORAGE_DAYS = 90;

export interface StreamDraft {
  /** Send settings for this stream type at all. */
  include: boolean;
  is_archive_enabled: boolean;
  archive_storage_days: string;
  /** `fulltime` and `timetable` are seen; another value from a template is passed through. */
  archive_recording_type: string;
  days: DayDraft[];
}

export interface CameraDraft {
  name: string;
  mac: string;
  serial_number: string;
  external_id: string;
  service: string;
  /**
   * Extra information from an external system (`log_extra`, object or string): sent as the text typed, or, when
   * `log_extra_as` is `json`, as the JSON object the text holds. Empty: not sent.
   */
  log_extra: string;
  log_extra_as: 'text' | 'json';
  /** `group_type`: `private` is the only value the spec has seen, so it is suggested; empty: not sent. */
  group_type: string;
  /** How the tree element is named: its database id (`group_id`) or its key (`group_external_id`). */
  group_by: 'id' | 'key';
  group: string;
  folder_by: 'id' | 'key';
  folder: string;
  is_user_owner: boolean;
  /** `is_can_manage_archive_storage_days`: sent as `true` when ticked; unticked, not sent (the server's default). */
  can_manage_storage_days: boolean;
  latitude: string;
  longitude: string;
  onvif_login: string;
  onvif_password: string;
  onvif_port: string;
  streams: Record<StreamKind, StreamDraft>;
}

export function emptyStream(include: boolean): StreamDraft {
  return { include, is_archive_enabled: true, archive_storage_days: '30', archive_recording_type: 'fulltime', days: [] };
}

export function emptyDraft(externalId: string): CameraDraft {
  return {
    name: '',
    mac: '',
    serial_number: '',
    external_id: externalId,
    service: '',
    log_extra: '',
    log_extra_as: 'text',
    group_type: 'private',
    group_by: 'key',
    group: '',
    folder_by: 'key',
    folder: '',
    is_user_owner: false,
    can_manage_storage_days: false,
    latitude: '',
    longitude: '',
    onvif_login: '',
    onvif_password: '',
    onvif_port: '',
    streams: { high: emptyStream(true), low: emptyStream(false) },
  };
}

const INTEGER = /^\d+$/;

/** `group_id`/`folder_id` are integers; keys may be text or numbers (kept as the text typed: the server compares text). */
function idOrKey(request: CameraCreateRequest, mode: 'id' | 'key', text: string, idField: 'group_id' | 'folder_id', keyField: 'group_external_id' | 'folder_key', problems: Problems): void {
  const value = text.trim();
  if (value === '') {
    addProblem(problems, mode === 'id' ? idField : keyField, mode === 'id' ? 'onboarding.rules.idRequired' : 'onboarding.rules.keyRequired');
    return;
  }
  if (mode === 'id') {
    if (!INTEGER.test(value) || !Number.isSafeInteger(Number(value))) addProblem(problems, idField, 'onboarding.rules.idNumber');
    else request[idField] = Number(value);
    return;
  }
  if (value.length > MAX_TEXT) addProblem(problems, keyField, 'onboarding.rules.tooLong', { max: MAX_TEXT });
  request[keyField] = value;
}

function text(problems: Problems, field: string, value: string, required: boolean): string | undefined {
  const clean = value.trim();
  if (clean === '') {
    if (required) addProblem(problems, field, 'onboarding.rules.required');
    return undefined;
  }
  if (clean.length > MAX_TEXT) addProblem(problems, field, 'onboarding.rules.tooLong', { max: MAX_TEXT });
  return clean;
}

function streamToWire(kind: StreamKind, stream: StreamDraft, index: number, problems: Problems): StreamSettings {
  const path = `streams.${index}`;
  const settings: StreamSettings = { type: kind, is_archive_enabled: stream.is_archive_enabled };
  const days = stream.archive_storage_days.trim();
  if (days !== '') {
    const n = Number(days);
    if (!INTEGER.test(days)) addProblem(problems, `${path}.archive_storage_days`, 'onboarding.rules.daysNumber');
    else if (n < MIN_STORAGE_DAYS || n > MAX_STORAGE_DAYS)
      addProblem(problems, `${path}.archive_storage_days`, 'onboarding.rules.daysRange', { min: MIN_STORAGE_DAYS, max: MAX_STORAGE_DAYS });
    else settings.archive_storage_days = n;
  } else if (stream.is_archive_enabled) {
    addProblem(problems, `${path}.archive_storage_days`, 'onboarding.rules.daysRequired');
  }
  const type = stream.archive_recording_type.trim();
  if (type !== '') settings.archive_recording_type = type;
  if (type === 'timetable') {
    if (stream.days.length === 0) addProblem(problems, `${path}.archive_recording_timetable`, 'onboarding.rules.timetableEmpty');
    const wireDays = stream.days.map((day, i) => {
      const wire = dayToWire(day);
      const dayPath = `${path}.archive_recording_timetable.days.${i}`;
      if (!wire) {
        if (!wireClock(day.from)) addProblem(problems, `${dayPath}.from`, 'onboarding.rules.clock');
        if (!wireClock(day.to)) addProblem(problems, `${dayPath}.to`, 'onboarding.rules.clock');
        if (!normalizeOffset(day.offset)) addProblem(problems, `${dayPath}.offset`, 'onboarding.rules.offset');
        if (day.breaks.some((entry) => !wireClock(entry.from) || !wireClock(entry.to))) addProblem(problems, `${dayPath}.breaks`, 'onboarding.rules.clock');
      }
      return wire;
    });
    if (wireDays.every((d) => d !== null)) settings.archive_recording_timetable = { days: wireDays };
  }
  return settings;
}

/** `log_extra` as typed: text as it is, or the JSON object the text holds (anything else than an object is refused). */
function logExtra(request: CameraCreateRequest, draft: CameraDraft, problems: Problems): void {
  if (draft.log_extra.trim() === '') return;
  if (draft.log_extra_as === 'text') {
    request.log_extra = draft.log_extra;
    return;
  }
  const value = parseJson(draft.log_extra);
  if (value === undefined) addProblem(problems, 'log_extra', 'onboarding.rules.logExtraJson');
  else if (value === null || typeof value !== 'object' || Array.isArray(value)) addProblem(problems, 'log_extra', 'onboarding.rules.logExtraObject');
  else request.log_extra = value as Record<string, unknown>;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The sentence for a coordinate that cannot be sent: out of range, not a number, or two readings possible. */
function coordinateRule(reason: 'number' | 'range' | 'ambiguous', range: 'onboarding.rules.latitudeRange' | 'onboarding.rules.longitudeRange') {
  if (reason === 'range') return range;
  return reason === 'ambiguous' ? 'onboarding.rules.coordinateAmbiguous' : 'onboarding.rules.number';
}

/** The create request a draft describes, and every problem found; `request` is only safe to send when problems is empty. */
export function toRequest(draft: CameraDraft): { request: CameraCreateRequest; problems: Problems } {
  const problems: Problems = {};
  const request: CameraCreateRequest = {};
  const name = text(problems, 'name', draft.name, true);
  if (name !== undefined) request.name = name;

  const mac = checkMac(draft.mac);
  if (mac.ok) request.mac = mac.mac;
  else addProblem(problems, 'mac', mac.reason === 'empty' ? 'onboarding.rules.required' : `onboarding.rules.mac.${mac.reason}`);

  const serial = text(problems, 'serial_number', draft.serial_number, false);
  if (serial !== undefined) request.serial_number = serial;
  const externalId = text(problems, 'external_id', draft.external_id, false);
  if (externalId !== undefined) request.external_id = externalId;
  const service = text(problems, 'service', draft.service, false);
  if (service !== undefined) request.service = service;

  idOrKey(request, draft.group_by, draft.group, 'group_id', 'group_external_id', problems);
  idOrKey(request, draft.folder_by, draft.folder, 'folder_id', 'folder_key', problems);
  const groupType = text(problems, 'group_type', draft.group_type, false);
  if (groupType !== undefined) request.group_type = groupType;
  request.is_user_owner = draft.is_user_owner;
  if (draft.can_manage_storage_days) request.is_can_manage_archive_storage_days = true;
  logExtra(request, draft, problems);

  const hasLat = draft.latitude.trim() !== '';
  const hasLng = draft.longitude.trim() !== '';
  if (hasLat || hasLng) {
    const lat = checkLatitude(draft.latitude);
    const lng = checkLongitude(draft.longitude);
    if (!hasLat) addProblem(problems, 'latitude', 'onboarding.rules.pairMissing');
    else if (!lat.ok) addProblem(problems, 'latitude', coordinateRule(lat.reason, 'onboarding.rules.latitudeRange'));
    if (!hasLng) addProblem(problems, 'longitude', 'onboarding.rules.pairMissing');
    else if (!lng.ok) addProblem(problems, 'longitude', coordinateRule(lng.reason, 'onboarding.rules.longitudeRange'));
    if (lat.ok && lng.ok) {
      request.latitude = lat.value;
      request.longitude = lng.value;
    }
  }

  const login = draft.onvif_login.trim();
  const port = draft.onvif_port.trim();
  if (login !== '' || draft.onvif_password !== '' || port !== '') {
    const credentials: NonNullable<CameraCreateRequest['onvif_credentials']> = { login, password: draft.onvif_password };
    if (port !== '') {
      const n = Number(port);
      if (!INTEGER.test(port) || n < 1 || n > 65_535) addProblem(problems, 'onvif_credentials.port', 'onboarding.rules.port');
      else credentials.port = n;
    }
    request.onvif_credentials = credentials;
  }

  const streams = STREAM_TYPES.filter((kind) => draft.streams[kind].include).map((kind, index) => streamToWire(kind, draft.streams[kind], index, problems));
  if (streams.length > 0) request.streams = streams;
  return { request, problems };
}

/** A draft from a request (an outbox entry reopened in the wizard, a template). */
export function fromRequest(request: CameraCreateRequest, externalId?: string): CameraDraft {
  const draft = emptyDraft(request.external_id ?? externalId ?? '');
  draft.name = request.name ?? '';
  draft.mac = request.mac ?? '';
  draft.serial_number = request.serial_number ?? '';
  draft.service = request.service ?? '';
  if (typeof request.log_extra === 'string') draft.log_extra = request.log_extra;
  else if (request.log_extra !== undefined) {
    draft.log_extra = JSON.stringify(request.log_extra, null, 2);
    draft.log_extra_as = 'json';
  }
  draft.group_type = request.group_type ?? '';
  draft.can_manage_storage_days = request.is_can_manage_archive_storage_days === true;
  draft.group_by = request.group_id !== undefined ? 'id' : 'key';
  draft.group = String(request.group_id ?? request.group_external_id ?? '');
  draft.folder_by = request.folder_id !== undefined ? 'id' : 'key';
  draft.folder = String(request.folder_id ?? request.folder_key ?? '');
  draft.is_user_owner = request.is_user_owner ?? false;
  draft.latitude = request.latitude !== undefined ? String(request.latitude) : '';
  draft.longitude = request.longitude !== undefined ? String(request.longitude) : '';
  draft.onvif_login = request.onvif_credentials?.login ?? '';
  draft.onvif_password = request.onvif_credentials?.password ?? '';
  draft.onvif_port = request.onvif_credentials?.port !== undefined ? String(request.onvif_credentials.port) : '';
  draft.streams = { high: emptyStream(false), low: emptyStream(false) };
  for (const stream of request.streams ?? []) {
    draft.streams[stream.type] = {
      include: true,
      is_archive_enabled: stream.is_archive_enabled ?? false,
      archive_storage_days: stream.archive_storage_days !== undefined ? String(stream.archive_storage_days) : '',
      archive_recording_type: stream.archive_recording_type ?? '',
      days: (stream.archive_recording_timetable?.days ?? []).map(dayFromWire),
    };
  }
  return draft;
}

/**
 * Where a request field path (ours or a server's 422 key) lives in the draft: `streams.0.x` becomes
 * `streams.high.x` (the request lists only the included streams), `group_id` and `group_external_id` become `group`.
 */
export function draftFieldOf(path: string, request: CameraCreateRequest): string {
  if (path === 'group_id' || path === 'group_external_id') return 'group';
  if (path === 'is_can_manage_archive_storage_days') return 'can_manage_storage_days';
  if (path === 'folder_id' || path === 'folder_key') return 'folder';
  if (path === 'onvif_credentials.login') return 'onvif_login';
  if (path === 'onvif_credentials.password') return 'onvif_password';
  if (path === 'onvif_credentials.port' || path === 'onvif_credentials') return 'onvif_port';
  const stream = /^streams\.(\d+)(.*)$/.exec(path);
  if (stream) {
    const kind = request.streams?.[Number(stream[1])]?.type ?? 'high';
    const rest = stream[2]!.replace(/^\.archive_recording_timetable\.days/, '.days');
    return `streams.${kind}${rest}`;
  }
  if (path === 'streams') return 'streams.high.include';
  return path;
}

export type WizardStep = 'identity' | 'placement' | 'access' | 'recording' | 'review';
export const WIZARD_STEPS: readonly WizardStep[] = ['identity', 'placement', 'access', 'recording', 'review'];

/** The wizard step that holds a draft field (a 422 marks that step). */
export function stepOf(draftField: string): WizardStep {
  if (/^(name|mac|serial_number|external_id|service|log_extra)$/.test(draftField)) return 'identity';
  if (/^(group_type|group|folder|is_user_owner|latitude|longitude)$/.test(draftField)) return 'placement';
  if (draftField === 'can_manage_storage_days') return 'recording';
  if (draftField.startsWith('onvif_')) return 'access';
  if (draftField.startsWith('streams')) return 'recording';
  return 'review';
}

/** Server or local problems keyed by draft field. */
export function byDraftField<T>(errors: Record<string, T[]>, request: CameraCreateRequest): Record<string, T[]> {
  const out: Record<string, T[]> = {};
  for (const [path, list] of Object.entries(errors)) (out[draftFieldOf(path, request)] ??= []).push(...list);
  return out;
}

/** The request for display: the ONVIF password replaced by dots. */
export function maskedRequest(request: CameraCreateRequest): CameraCreateRequest {
  if (!request.onvif_credentials?.password) return request;
  return { ...request, onvif_credentials: { ...request.onvif_credentials, password: '••••••••' } };
}
