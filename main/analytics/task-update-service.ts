import type { AppServices } from '../app/services';
import { checkTaskBody, type TaskDocument, type UpdateResult } from '../../preload/contract/analytics';
import type { AnalyticsTaskBody } from '../../preload/contract/wire/platform';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { said, t } from '../shared/i18n';
import { log } from '../shared/log';
import { taskUpdateFailure } from './task-errors';
import type { TaskWorkService } from './task-work-service';

/** The spec's rules for the body, as field errors in the operator's language; nothing is sent when one fails. */
function assertValidBody(body: TaskDocument): void {
  const issues = checkTaskBody(body);
  if (issues.length === 0) return;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) (fieldErrors[issue.path] ??= []).push(t(issue.key));
  throw new AppFailure('Validation', said('analytics.errors.invalidBody'), { fieldErrors, details: `request not sent: ${Object.keys(fieldErrors).join(', ')}` });
}

export interface TaskUpdateService {
  update(uid: string, body: TaskDocument, signal: AbortSignal): Promise<UpdateResult>;
}

/**
 * Operation 7: sends the operator's whole body (members the form does not know included) to the active server; after
 * a 204 the body is kept as the last one sent for the task on that server, so it can be put back.
 */
export function createTaskUpdateService(connections: AppServices['connections'], work: TaskWorkService): TaskUpdateService {
  return {
    async update(uid, body, signal) {
      assertValidBody(body);
      const { profile, client } = await connections.active();
      try {
        // checkTaskBody has confirmed the members the wire type names; the rest travel as they are.
        await client.updateAnalyticsTask(uid, body as AnalyticsTaskBody, { signal });
      } catch (error) {
        throw taskUpdateFailure(error, uid);
      }
      const sentAt = new Date().toISOString();
      try {
        const kept = await work.keepSent({ uid, body, sentAt, profileId: profile.id, profileName: profile.name });
        return { uid, sentAt, profileName: profile.name, keepWarning: null, work: kept };
      } catch (error) {
        // The task is replaced whatever happens here: say so, and say what was not kept.
        const reason = isAppFailure(error) ? error.appError.message : String(error);
        log.warn('analytics', `sent body not kept: ${isAppFailure(error) ? (error.appError.details ?? reason) : reason}`);
        return { uid, sentAt, profileName: profile.name, keepWarning: t('analytics.result.keepWarning', { reason }), work: work.nothingKept(uid) };
      }
    },
  };
}
