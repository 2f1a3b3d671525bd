import type { OutboxEntry, OutboxSummary, OutboxView } from '../../preload/contract/onboarding';
import type { Outbox } from '../outbox/outbox';
import { AppFailure } from '../shared/app-failure';
import { said } from '../shared/i18n';
import type { CameraOutbox } from './camera-outbox';
import { maskedEntry } from './submit-service';

/** The outbox list shows the newest entries up to this many (the rest are counted). */
const SHOWN = 300;

function view(box: Outbox, undo?: string): OutboxView {
  const { entries, total } = box.repository.visible(SHOWN);
  return { entries: entries.map((entry) => maskedEntry(box.get(entry.id) ?? entry)), total, summary: box.summary(), ...(undo ? { undo } : {}) };
}

/** The outbox as its panel shows and changes it: the list, one entry, retry, remove and "Clear created". */
export function createOutboxService(outbox: CameraOutbox) {
  return {
    list: async (): Promise<OutboxView> => view(await outbox.get()),

    summary: async (): Promise<OutboxSummary> => (await outbox.get()).summary(),

    /** One entry with its password (the wizard reopens it). */
    async get(id: string): Promise<OutboxEntry> {
      const entry = (await outbox.get()).get(id);
      if (!entry) throw new AppFailure('NotFound', said('onboarding.errors.notFound'));
      return entry;
    },

    async retry(id?: string): Promise<OutboxView> {
      const box = await outbox.get();
      await box.retry(id);
      return view(box);
    },

    /** Answers the list with what `onboarding.undo` takes to bring the entry back. */
    async discard(id: string): Promise<OutboxView> {
      const box = await outbox.get();
      const mark = await box.discard([id]);
      return view(box, `discard:${mark}`);
    },

    async clearCreated(): Promise<OutboxView> {
      const box = await outbox.get();
      const at = await box.clearCreated();
      return view(box, `clear:${at}`);
    },
  };
}
