import { z } from 'zod';
import type { SimContext } from '../context';
import { authenticate } from '../http/auth';
import { addFieldError, errorReply, jsonReply, messageError, noContent, type FieldErrors, type Reply } from '../http/reply';
import { validateBody, type SimRequest } from '../http/request';
import type { AnalyticsTask } from '../seed/types';
import { formatMicroIso } from '../time-format';

/** The update body (spec, "Analytics task"). Fence and area elements and CaseType values are not shown: any. */
const taskUpdateSchema = z.object({
  Collections: z.array(z.string().min(1)).nullish(),
  CaseType: z.string().trim().min(1),
  CameraGroupUid: z.string().trim().min(1),
  Source: z.object({ Uid: z.string().trim().min(1), Url: z.string().trim().min(1) }),
  Pipeline: z
    .object({
      Detector: z.object({ ScoreThreshold: z.number().nullish() }).nullish(),
      Fences: z.array(z.unknown()).nullish(),
      Areas: z.array(z.unknown()).nullish(),
    })
    .nullish(),
});

/** The object without its null and undefined members: optional fields given as null are stored as absent. */
function withoutNulls<T extends object>(value: T): { [K in keyof T]?: NonNullable<T[K]> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as { [K in keyof T]?: NonNullable<T[K]> };
}

/**
 * PUT /api/streams/{stream-uid}/?format=json&stream=<task id>. Checks: token (401), task exists (404), query and
 * body (422), CaseType unchanged (409). Then the old task is deleted and a new one (new internal id, same uid)
 * takes its place; 204. `uid` comes decoded from the router (raw when its escapes are malformed: then no task has it).
 */
export function handleTaskUpdate(req: SimRequest, ctx: SimContext, uid: string): Reply {
  const auth = authenticate(req, ctx);
  if (!auth.ok) return auth.reply;
  const existing = ctx.state.tasks.get(uid);
  if (existing === undefined) return messageError(req, 404, `Analytics task ${uid} not found.`);

  const errors: FieldErrors = {};
  const format = req.query.get('format');
  if (format !== null && format !== 'json') addFieldError(errors, 'format', 'The selected format is invalid (allowed: json).');
  const streamParam = req.query.get('stream');
  if (streamParam !== null && streamParam !== uid) {
    addFieldError(errors, 'stream', 'The stream query parameter must name the same task as the path.');
  }
  const body = validateBody(req, taskUpdateSchema, errors);
  if (!body.ok) return body.reply;

  const update = body.value;
  if (update.CaseType !== existing.CaseType) {
    return errorReply(req, 409, {
      message: 'The task cannot be updated: CaseType differs from the existing task.',
      errors: { CaseType: [`The CaseType must stay ${existing.CaseType}; delete the task and create a new one to change it.`] },
    });
  }
  const pipeline = update.Pipeline && withoutNulls({ ...update.Pipeline, Detector: update.Pipeline.Detector && withoutNulls(update.Pipeline.Detector) });
  const replacement: AnalyticsTask = {
    id: ctx.state.nextTaskId++,
    uid,
    CaseType: update.CaseType,
    CameraGroupUid: update.CameraGroupUid,
    ...withoutNulls({ Collections: update.Collections }),
    Source: update.Source,
    ...withoutNulls({ Pipeline: pipeline }),
    updated_at: formatMicroIso(ctx.clock.now()),
  };
  ctx.state.deletedTasks.push(existing);
  ctx.state.tasks.set(uid, replacement);
  // 23.09 documents 200 with the identifier of the (re)created stream; the spec and later versions answer 204.
  if (ctx.settings.answers.taskUpdate === 'stream-uid') return jsonReply(200, { stream_uid: uid });
  return noContent();
}
