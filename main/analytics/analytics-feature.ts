import type { AppServices } from '../app/services';
import type { Feature } from '../app/feature';
import type { analyticsChannels } from '../../preload/contract/analytics';
import { createTaskWorkService } from './task-work-service';
import { createTaskUpdateService } from './task-update-service';

/** The analytics editor: operation 7 (replace a task) and the drafts and sent bodies kept around it. */
export function createAnalyticsFeature(services: AppServices): Feature<typeof analyticsChannels> {
  const work = createTaskWorkService(services);
  const updates = createTaskUpdateService(services.connections, work);
  return {
    handlers: {
      'analytics.update': ({ uid, body }, context) => updates.update(uid, body, context.signal),
      'analytics.work': ({ uid }) => work.read(uid),
      'analytics.saveDraft': ({ uid, name, body }) => work.saveDraft(uid, name, body),
      'analytics.deleteDraft': ({ uid, name }) => work.deleteDraft(uid, name),
    },
  };
}
