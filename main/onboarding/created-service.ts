import type { CameraCreateRequest, CreatedList, CsvFile } from '../../preload/contract/onboarding';
import type { Outbox } from '../outbox/outbox';
import type { CameraOutbox } from './camera-outbox';
import { createCreatedList, createdToCsv, searchCreated } from './created-cameras';

/**
 * The cameras this console created: searched, exported as CSV, and the latest ones' requests for the wizard's
 * suggestions. The list is opened once per outbox (a switch to session-only mode gives another) and then read on.
 */
export function createCreatedService(outbox: CameraOutbox) {
  let list: ReturnType<typeof createCreatedList> | null = null;
  let listOf: Outbox | null = null;

  async function current() {
    const box = await outbox.get();
    if (!list || listOf !== box) {
      list = createCreatedList(() => box.repository);
      listOf = box;
    }
    return list;
  }

  return {
    async list(search: string, limit: number): Promise<CreatedList> {
      const all = (await current()).all();
      const matched = searchCreated(all, search);
      return { cameras: matched.slice(0, limit), total: all.length, matched: matched.length };
    },

    async exportCsv(search: string): Promise<CsvFile> {
      const cameras = searchCreated((await current()).all(), search);
      return { csv: createdToCsv(cameras), filename: `created-cameras-${new Date().toISOString().slice(0, 10)}.csv`, rows: cameras.length };
    },

    /** Requests of the latest created cameras, newest last. */
    async recent(): Promise<CameraCreateRequest[]> {
      return (await current()).recent();
    },
  };
}
