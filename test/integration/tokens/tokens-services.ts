import { createTokenBatchesRepository } from '../../../main/storage/repositories/token-batches-repository';
import { createBatchMarkers } from '../../../main/tokens/batch-markers';
import { createHistoryService, type HistoryService } from '../../../main/tokens/history-service';
import { createIssueService, type IssueService } from '../../../main/tokens/issue-service';
import { createBatchesService, type BatchesService } from '../../../main/tokens/batches-service';
import type { Desk } from './desk';

/** The desk's services built the way tokens-feature.ts builds them, over an open desk's shared services. */
export function tokensServices(desk: Desk): { history: HistoryService; issue: IssueService; batches: BatchesService } {
  const services = desk.app.services;
  const markers = createBatchMarkers(createTokenBatchesRepository(services.storage), services.sealer);
  const history = createHistoryService(services, markers);
  return { history, issue: createIssueService(services, history), batches: createBatchesService(services, history, markers) };
}
