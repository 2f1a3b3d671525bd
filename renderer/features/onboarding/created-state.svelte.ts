import type { AppError } from '../../../preload/contract/app-error';
import type { Bridge } from '../../../preload/contract';
import type { CreatedList, CsvFile } from '../../../preload/contract/onboarding';

/** The cameras this console created, as the Created panel searches and exports them. Stale answers are dropped. */
export class CreatedState {
  search = $state('');
  list = $state.raw<CreatedList | null>(null);
  failure = $state<AppError | null>(null);
  #request = 0;

  constructor(private readonly api: Bridge) {}

  /** Reads the list for the search as typed (called on a new search and when the outbox says more were created). */
  async load(): Promise<void> {
    const mine = ++this.#request;
    const answer = await this.api.onboarding.created({ search: this.search });
    if (mine !== this.#request) return;
    if (answer.ok) {
      this.list = answer.value;
      this.failure = null;
    } else this.failure = answer.error;
  }

  /** The matching cameras as a CSV file to download; null (and the failure shown) when it could not be made. */
  async exportCsv(): Promise<CsvFile | null> {
    const answer = await this.api.onboarding.exportCreatedCsv({ search: this.search });
    if (answer.ok) return answer.value;
    this.failure = answer.error;
    return null;
  }
}
