import { addFieldError, type FieldErrors } from '../http/reply';
import { isPlainObject } from '../http/request';
import type { PrivateFolder, TreeElement } from '../seed/types';
import type { SimulatorState } from '../state';

/**
 * Rules that need the platform's data or more than one field. They read the raw body and skip any field that
 * already failed its own type check, so one request reports every broken rule once.
 */

export interface Placement {
  group?: TreeElement;
  folder?: PrivateFolder;
}

const given = (value: unknown): boolean => value !== undefined && value !== null;
const isIdOrKey = (value: unknown): value is string | number =>
  (typeof value === 'string' && value.trim() !== '') || Number.isInteger(value);

function resolveGroup(body: Record<string, unknown>, state: SimulatorState, errors: FieldErrors): TreeElement | undefined {
  const byId = body['group_id'];
  const byKey = body['group_external_id'];
  if (!given(byId) && !given(byKey)) {
    addFieldError(errors, 'group_id', 'The group_id field is required when group_external_id is not present.');
    return undefined;
  }
  let fromId: TreeElement | undefined;
  let fromKey: TreeElement | undefined;
  if (given(byId) && Number.isInteger(byId) && !errors['group_id']) {
    fromId = state.treeById.get(byId as number);
    if (!fromId) addFieldError(errors, 'group_id', `The selected group_id is invalid: no tree element ${String(byId)}.`);
  }
  if (given(byKey) && isIdOrKey(byKey) && !errors['group_external_id']) {
    fromKey = state.treeByKey.get(String(byKey).trim());
    if (!fromKey) addFieldError(errors, 'group_external_id', `The selected group_external_id is invalid: no tree element with key ${String(byKey)}.`);
  }
  if (fromId && fromKey && fromId.id !== fromKey.id) {
    addFieldError(errors, 'group_external_id', 'The group_external_id names a different tree element than group_id.');
    return undefined;
  }
  return fromId ?? fromKey;
}

function resolveFolder(
  body: Record<string, unknown>,
  state: SimulatorState,
  group: TreeElement | undefined,
  errors: FieldErrors,
): PrivateFolder | undefined {
  const byId = body['folder_id'];
  const byKey = body['folder_key'];
  if (!given(byId) && !given(byKey)) {
    addFieldError(errors, 'folder_id', 'The folder_id field is required when folder_key is not present.');
    return undefined;
  }
  let folder: PrivateFolder | undefined;
  let field = 'folder_id';
  if (given(byId) && Number.isInteger(byId) && !errors['folder_id']) {
    folder = state.foldersById.get(byId as number);
    if (!folder) addFieldError(errors, 'folder_id', `The selected folder_id is invalid: no private folder ${String(byId)}.`);
  } else if (given(byKey) && isIdOrKey(byKey) && !errors['folder_key']) {
    field = 'folder_key';
    folder = state.foldersByKey.get(String(byKey).trim());
    if (!folder) addFieldError(errors, 'folder_key', `The selected folder_key is invalid: no private folder with key ${String(byKey)}.`);
  }
  if (folder && group && folder.group_id !== group.id) {
    addFieldError(errors, field, `The private folder ${folder.key} is not in the selected tree element (${group.key}).`);
    return undefined;
  }
  return folder;
}

function checkStreams(body: Record<string, unknown>, errors: FieldErrors): void {
  const streams = body['streams'];
  if (!Array.isArray(streams)) return;
  const seen = new Set<string>();
  streams.forEach((item: unknown, i) => {
    if (!isPlainObject(item)) return;
    const type = item['type'];
    if ((type === 'high' || type === 'low') && seen.has(type)) {
      addFieldError(errors, `streams.${i}.type`, `The streams.${i}.type field has a duplicate value.`);
    }
    if (typeof type === 'string') seen.add(type);
    if (item['archive_recording_type'] === 'timetable' && !given(item['archive_recording_timetable'])) {
      addFieldError(
        errors,
        `streams.${i}.archive_recording_timetable`,
        `The streams.${i}.archive_recording_timetable field is required when archive_recording_type is timetable.`,
      );
    }
  });
}

export function checkCrossFieldRules(body: Record<string, unknown>, state: SimulatorState, errors: FieldErrors): Placement {
  const group = resolveGroup(body, state, errors);
  const folder = resolveFolder(body, state, group, errors);
  const externalId = body['external_id'];
  if (typeof externalId === 'string' && !errors['external_id'] && state.externalIds.has(externalId.trim())) {
    addFieldError(errors, 'external_id', 'The external_id has already been taken.');
  }
  checkStreams(body, errors);
  return { ...(group ? { group } : {}), ...(folder ? { folder } : {}) };
}
