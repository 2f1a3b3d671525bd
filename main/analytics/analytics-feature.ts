import type { AppServices } from '../app/services';
import type { Feature } from '../app/feature';
import { analyticsChannels, checkTaskBody, type TaskDocument, type TaskWork } from '../../preload/contract/analytics';
import type { AnalyticsTaskBody } from '../../preload/contract/wire/platform';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { t } from '../shared/i18n';
import { log } from '../shared/log';
import { taskUpdateFailure } from './task-errors';
import {
  createSessionTaskWorkStore,
  createTaskWorkStore,
  draftsOf,
  sentOf,
  withDraft,
  withoutDraft,
  withSent,
  type TaskWorkStore,
  type WorkFile,
} from './task-work-store';

/** The spec's rules for the body, as field errors in the operator's language; nothing is sent when one fails. */
function assertValidBody(body: TaskDocument): void {
  const issues = checkTaskBody(body);
  if (issues.length === 0) return;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) (fieldErrors[issue.path] ??= []).push(t(issue.key));
  throw new AppFailure('Validation', t('analytics.errors.invalidBody'), { fieldErrors, details: `request not sent: ${Object.keys(fieldErrors).join(', ')}` });
}

/**
 * Operation 7 and what the editor keeps around it. The update sends the operator's whole body (members the form
 * does not know included); after a 204 the body is kept as the last one sent for the task on that server.
 */
export function createAnalyticsFeature(services: AppServices): Feature<typeof analyticsChannels> {
  const { connections, profiles, vault } = services;
  const saved = createTaskWorkStore(services.storage, services.sealer);
  const session = createSessionTaskWorkStore();
  const storeNow = (): TaskWorkStore => (vault.mode === 'session' ? session : saved);

  async function workOf(file: WorkFile, uid: string): Promise<TaskWork> {
    const activeId = await profiles.getActiveId();
    return { uid, drafts: draftsOf(file, uid), sent: activeId ? sentOf(file, uid, activeId) : [], sessionOnly: vault.mode === 'session' };
  }

  async function readWork(uid: string): Promise<TaskWork> {
    try {
      return await workOf(await storeNow().read(), uid);
    } catch (error) {
      throw unreadable(error);
    }
  }

  function unreadable(error: unknown): unknown {
    // A disk that cannot take the change says so in its own words (which folder, why).
    if (!isAppFailure(error) || error.kind === 'StorageUnavailable') return error;
    return new AppFailure(error.appError, { message: t('analytics.errors.storeUnreadable', { reason: error.appError.message }) });
  }

  const handlers: Feature<typeof analyticsChannels>['handlers'] = {
    async 'analytics.update'({ uid, body }, context) {
      assertValidBody(body);
      const { profile, client } = await connections.active();
      try {
        // checkTaskBody has confirmed the members the wire type names; the rest travel as they are.
        await client.updateAnalyticsTask(uid, body as AnalyticsTaskBody, { signal: context.signal });
      } catch (error) {
        throw taskUpdateFailure(error, uid);
      }
      const sentAt = new Date().toISOString();
      let keepWarning: string | null = null;
      let work: TaskWork;
      try {
        const file = await storeNow().update((f) => withSent(f, { uid, body, sentAt, profileId: profile.id, profileName: profile.name }));
        work = await workOf(file, uid);
      } catch (error) {
        // The task is replaced whatever happens here: say so, and say what was not kept.
        const reason = isAppFailure(error) ? error.appError.message : String(error);
        log.warn('analytics', `sent body not kept: ${isAppFailure(error) ? (error.appError.details ?? reason) : reason}`);
        keepWarning = t('analytics.result.keepWarning', { reason });
        work = { uid, drafts: [], sent: [], sessionOnly: vault.mode === 'session' };
      }
      return { uid, sentAt, profileName: profile.name, keepWarning, work };
    },

    'analytics.work'({ uid }) {
      return readWork(uid);
    },

    async 'analytics.saveDraft'({ uid, name, body }) {
      try {
        return await workOf(await storeNow().update((f) => withDraft(f, { uid, name, body, savedAt: new Date().toISOString() })), uid);
      } catch (error) {
        throw unreadable(error);
      }
    },

    async 'analytics.deleteDraft'({ uid, name }) {
      try {
        return await workOf(await storeNow().update((f) => withoutDraft(f, uid, name)), uid);
      } catch (error) {
        throw unreadable(error);
      }
    },
  };
  return { handlers };
}
