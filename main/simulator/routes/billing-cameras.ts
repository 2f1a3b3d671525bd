import type { SimContext } from '../context';
import { authenticate } from '../http/auth';
import { jsonReply, validationError, type FieldErrors, type Reply } from '../http/reply';
import { readJsonObject, type SimRequest } from '../http/request';
import type { CreatedCameraResponse } from '../records';
import { fieldErrorsFromIssues } from '../validation-messages';
import { cameraCreateRequestSchema, normalizeMac } from './billing-camera-schema';
import { checkCrossFieldRules } from './billing-camera-rules';

/** POST /api/v2/billing/cameras — validates everything, then records the camera and answers 201. */
export function handleCreateCamera(req: SimRequest, ctx: SimContext): Reply {
  const auth = authenticate(req, ctx);
  if (!auth.ok) return auth.reply;
  // Not validateBody: the cross-field rules below add their errors to the schema's, so all come in one answer.
  const body = readJsonObject(req);
  if (!body.ok) return body.reply;

  const parsed = cameraCreateRequestSchema.safeParse(body.value);
  const errors: FieldErrors = parsed.success ? {} : fieldErrorsFromIssues(parsed.error, body.value);
  const placement = checkCrossFieldRules(body.value, ctx.state, errors);
  if (!parsed.success || Object.keys(errors).length > 0 || !placement.group || !placement.folder) {
    return validationError(req, errors);
  }

  const input = parsed.data;
  const streams = input.streams ?? [];
  const { state } = ctx;
  const id = state.nextCameraId++;
  const response: CreatedCameraResponse = {
    id,
    status: '',
    name: input.name,
    is_archive_recording: streams.some((s) => s.is_archive_enabled === true),
    archive_storage_days: Math.max(0, ...streams.map((s) => s.archive_storage_days ?? 0)),
    group_type: input.group_type ?? 'private',
    is_user_owner: input.is_user_owner ?? false,
    is_need_replace: false,
    latitude: input.latitude ?? 0,
    longitude: input.longitude ?? 0,
    network_device: { mac: normalizeMac(input.mac), serial_number: input.serial_number ?? '' },
    folder: { id: placement.folder.id, key: placement.folder.key },
  };
  const now = ctx.clock.now();
  const externalId = input.external_id ?? null;
  state.createdCameras.push({ response, groupId: placement.group.id, externalId, streams, createdAt: now });
  if (externalId !== null) state.externalIds.add(externalId);
  // The new camera counts on the dashboard at once; it has no video yet, so it is inactive.
  state.cameras.push({
    id,
    name: input.name,
    external_id: externalId,
    group_id: placement.group.id,
    media_server_id: (id % Math.max(1, state.mediaServers.length)) + 1,
    is_active: false,
    issues: 0,
    created_at_ms: now,
  });
  state.revision += 1;
  return jsonReply(201, response);
}
