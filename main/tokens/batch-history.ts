import type { BatchRow } from '../../preload/contract/tokens';
import { isAppFailure } from '../shared/app-failure';
import { t } from '../shared/i18n';
import { GroupCommit } from './group-commit';
import { RefusedWrites } from './refused-writes';

/** A token as the history records it; `expiresAt` is the row's, computed once from `issuedAt` and the grant's ttl. */
export type Issued = { stream: string; token: string; issuedAt: Date; expiresAt: string | null };

/**
 * While other requests of the batch are in flight, issued rows wait this long at most (or until this many wait) to be
 * committed to the history together (see group-commit.ts). A commit no longer waits for the disk on the main thread
 * (the history's commits are relaxed and synced on a thread of the pool before a row shows as issued), but each still
 * costs a transaction and one fsync of the WAL, so a batch's commits stay few and large: a 10,000 batch makes some
 * ten. The last answers of a run are written at once, so a batch ends no later; a row shows as issued at most this
 * much later, and still only once its commit is on disk.
 */
const GROUP_WAIT_MS = 250;
const GROUP_ROWS = 2_500;

export interface BatchHistoryHooks {
  /** Writes issued tokens into the history; throws when the disk refuses them. */
  record(items: Issued[]): Promise<void>;
  /** Rows still waiting for their answer (running, and not among those waiting to be written). */
  expected(): number;
  /** A group's commit landed, or was refused (its tokens stay on screen, with `warning`): the rows are issued. */
  landed(rows: BatchRow[]): void;
  /** The warning came or went after the run (a refused write written later, or refused again). */
  changed(): void;
}

/**
 * Issued rows of a batch on their way into the history, committed in groups: a row shows as issued once its group
 * landed. A group the disk refused stays on screen with a warning to export it, and is written again once the disk
 * takes it (the warning then goes).
 */
export class BatchHistory {
  readonly #groups: GroupCommit<{ row: BatchRow; item: Issued }>;
  readonly #refused: RefusedWrites<Issued>;
  /** Issued tokens not in the history yet because a write was refused. */
  #unsaved = 0;
  warning: string | null = null;

  constructor(hooks: BatchHistoryHooks) {
    this.#refused = new RefusedWrites((items) => hooks.record(items), {
      written: (items) => {
        this.#unsaved -= items.length;
        if (this.#unsaved === 0) this.warning = null;
        hooks.changed();
      },
      refused: (error) => {
        this.#warn(error);
        hooks.changed();
      },
    });
    this.#groups = new GroupCommit({
      write: (group) => hooks.record(group.map((entry) => entry.item)),
      landed: (group, error) => {
        if (error) {
          this.#unsaved += group.length;
          this.#refused.add(group.map((entry) => entry.item));
          this.#warn(error);
        }
        hooks.landed(group.map((entry) => entry.row));
      },
      expected: () => hooks.expected() - this.#groups.pending,
      waitMs: GROUP_WAIT_MS,
      maxItems: GROUP_ROWS,
    });
  }

  add(row: BatchRow, item: Issued): void {
    this.#groups.add({ row, item });
  }

  /** True while a group waits to be written or is being written. */
  get busy(): boolean {
    return this.#groups.busy;
  }

  /** Resolves once every group added so far has landed. */
  drained(): Promise<void> {
    return this.#groups.drained();
  }

  #warn(error: unknown): void {
    this.warning = t('errors.history.unsaved', {
      count: this.#unsaved,
      reason: isAppFailure(error) ? error.appError.message : t('errors.history.notWritten'),
    });
  }
}
