import { fromRequest, toRequest } from '../../preload/contract/camera/camera-draft';
import type { Problems } from '../../preload/contract/camera/problem';
import type { CameraCreateRequest } from '../../preload/contract/onboarding';
import { AppFailure } from '../shared/app-failure';
import { said, t } from '../shared/i18n';

/** Problems as field errors in the operator's language. */
export function fieldErrorsOf(problems: Problems): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(problems)) out[field] = list.map((problem) => t(problem.key, problem.values));
  return out;
}

/**
 * Main trusts nothing from the renderer: a request is checked again with the wizard's own rules (read back into a
 * draft and out again, so every rule runs) and sent as the rules write it (MAC in colon form, trimmed text).
 */
export function checkedRequest(request: CameraCreateRequest): { request: CameraCreateRequest; problems: Problems } {
  const draft = fromRequest(request);
  const checked = toRequest(draft);
  const passthrough: CameraCreateRequest = {};
  // An explicit `false` is kept as sent: the draft only knows ticked (true) or not sent.
  if (request.is_can_manage_archive_storage_days === false) passthrough.is_can_manage_archive_storage_days = false;
  // Keys typed as numbers stay numbers (the spec allows string or int; the server compares them as text).
  if (typeof request.group_external_id === 'number' && checked.request.group_external_id !== undefined) passthrough.group_external_id = request.group_external_id;
  if (typeof request.folder_key === 'number' && checked.request.folder_key !== undefined) passthrough.folder_key = request.folder_key;
  if (request.external_id === undefined) delete checked.request.external_id;
  return { request: { ...checked.request, ...passthrough }, problems: checked.problems };
}

/** The checked request, or a Validation failure with every problem on its field. */
export function requireValid(request: CameraCreateRequest): CameraCreateRequest {
  const { request: clean, problems } = checkedRequest(request);
  if (Object.keys(problems).length > 0) {
    throw new AppFailure('Validation', said('onboarding.errors.invalid'), { fieldErrors: fieldErrorsOf(problems) });
  }
  return clean;
}
