import { z } from 'zod';
import type { SimContext } from '../context';
import { authenticate } from '../http/auth';
import { addFieldError, errorReply, messageError, noContent, validationError, type FieldErrors, type Reply } from '../http/reply';
import { isPlainObject, parseJsonBody, type SimRequest } from '../http/request';
import type { AnalyticsTask } from '../seed/types';
import { formatMicroIso } from '../time-format';
import { fieldErrorsFromIssues } from '../validation-messages';

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

/**
 * PUT /api/streams/{stream-uid}/?format=json&stream=<task id>. Checks: token (401), task exists (404), query and
 * body (422), CaseType unchanged (409). Then the old task is deleted and a new one (new internal id, same uid)
 * takes its place; 204.
 */
export function handleTaskUpdate(req: SimRequest, ctx: SimContext, rawUid: string): Reply {
  const auth = authenticate(req, ctx);
  if (!auth.ok) return auth.reply;
  let uid = rawUid;
  try {
    uid = decodeURIComponent(rawUid);
  } catch {
    // Not a valid escape: it cannot name a task either; the lookup below answers 404.
  }
  const existing = ctx.state.tasks.get(uid);
  if (existing === undefined) return messageError(req, 404, `Analytics task ${uid} not found.`);

  const errors: FieldErrors = {};
  const format = req.query.get('format');
  if (format !== null && format !== 'json') addFieldError(errors, 'format', 'The selected format is invalid (allowed: json).');
  const streamParam = req.query.get('stream');
  if (streamParam !== null && streamParam !== uid) {
    addFieldError(errors, 'stream', 'The stream query parameter must name the same task as the path.');
  }
  const body = parseJsonBody(req);
  if (!body.ok) return messageError(req, 400, 'The request body is not valid JSON.');
  if (!isPlainObject(body.value)) return validationError(req, { ...errors, _: ['The request body must be a JSON object.'] });
  const parsed = taskUpdateSchema.safeParse(body.value);
  if (!parsed.success) fieldErrorsFromIssues(parsed.error, body.value, errors);
  if (!parsed.success || Object.keys(errors).length > 0) return validationError(req, errors);

  const update = parsed.data;
  if (update.CaseType !== existing.CaseType) {
    return errorReply(req, 409, {
      message: 'The task cannot be updated: CaseType differs from the existing task.',
      errors: { CaseType: [`The CaseType must stay ${existing.CaseType}; delete the task and create a new one to change it.`] },
    });
  }
  const replacement: AnalyticsTask = {
    id: ctx.state.nextTaskId++,
    uid,
    CaseType: update.CaseType,
    CameraGroupUid: update.CameraGroupUid,
    ...(update.Collections ? { Collections: update.Collections } : {}),
    Source: update.Source,
    ...(update.Pipeline
      ? {
          Pipeline: {
            ...(update.Pipeline.Detector ? { Detector: { ...(update.Pipeline.Detector.ScoreThreshold != null ? { ScoreThreshold: update.Pipeline.Detector.ScoreThreshold } : {}) } } : {}),
            ...(update.Pipeline.Fences ? { Fences: update.Pipeline.Fences } : {}),
            ...(update.Pipeline.Areas ? { Areas: update.Pipeline.Areas } : {}),
          },
        }
      : {}),
    updated_at: formatMicroIso(ctx.clock.now()),
  };
  ctx.state.deletedTasks.push(existing);
  ctx.state.tasks.set(uid, replacement);
  return noContent();
}
