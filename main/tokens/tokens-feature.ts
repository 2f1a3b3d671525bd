import type { AppServices } from '../app/services';
import type { Feature } from '../app/feature';
import type { tokenChannels } from '../../preload/contract/tokens';
import { createTokenBatchesRepository } from '../storage/repositories/token-batches-repository';
import { createBatchMarkers } from './batch-markers';
import { createHistoryService } from './history-service';
import { createIssueService } from './issue-service';
import { createBatchesService } from './batches-service';

/**
 * The stream-token desk (see preload/contract/tokens.ts): operations 1 and 3 (issue-service), the encrypted history
 * (history-service) and batches (batches-service). Its dispose cancels running batches and records their issued rows.
 */
export function createTokensFeature(services: AppServices): Feature<typeof tokenChannels> {
  /** Running batches are marked in the database until they finish: one left from an earlier run was interrupted. */
  const markers = createBatchMarkers(createTokenBatchesRepository(services.storage), services.sealer);
  const history = createHistoryService(services, markers);
  const issue = createIssueService(services, history);
  const batches = createBatchesService(services, history, markers);

  return {
    handlers: {
      // `allowNothing` was checked by the contract (a token with every permission off needs the operator's yes); it
      // is not part of what is sent or remembered.
      'tokens.create': ({ allowNothing: _confirmed, ...request }, { signal }) => issue.streamToken(request, signal),
      'tokens.createUserBound': (request, { signal }) => issue.userBound(request, signal),
      'tokens.history': (input) => history.page(input?.search ?? '', input?.limit ?? 500),
      'tokens.setNote': ({ id, note }) => history.setNote(id, note),
      'tokens.clearHistory': () => history.clear(),
      'tokens.undoClearHistory': () => history.undoClear(),
      'tokens.exportCsv': ({ ids }) => history.exportCsv(ids),
      'tokens.dismissInterrupted': ({ batchId }) => history.dismissInterrupted(batchId),
      'tokens.batchStart': ({ allowNothing: _confirmed, ...request }) => batches.start(request),
      'tokens.batchStatus': ({ batchId, since }) => batches.status(batchId, since),
      'tokens.batchCancel': ({ batchId }) => batches.cancel(batchId),
      'tokens.batchRetry': ({ batchId }) => batches.retry(batchId),
      'tokens.batchResume': ({ batchId }) => batches.resume(batchId),
      'tokens.batchExportCsv': ({ batchId }) => batches.exportCsv(batchId),
    },
    async dispose() {
      await batches.dispose();
      history.dispose();
    },
  };
}
