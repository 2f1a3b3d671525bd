import { z } from 'zod';
import { outboxEntrySchema } from '../../../preload/contract/onboarding';
import { isAppFailure } from '../../shared/app-failure';
import type { Storage } from '../database';
import type { Sealer } from '../sealer';

/** What an entry keeps sealed once: who queued it and the request (with its ONVIF password). */
export const bodySchema = outboxEntrySchema.pick({ profileName: true, request: true });
export type Body = z.infer<typeof bodySchema>;

/**
 * The requests of the entries queued by one transaction, sealed together in one row of `outbox_requests` (schema step
 * 13): each entry's id and request, at the entry's `request_index`; null for one replaced or forgotten since. One
 * encryption per group instead of one per camera (an AES-GCM seal cost more than the row it went into), and one row.
 */
const groupSchema = z.array(z.tuple([z.string(), bodySchema]).nullable());
/**
 * Requests sealed together at most: about what one page of the file holds (a request is some 300 bytes sealed). A
 * group is one AES-GCM blob, so a damaged page under it loses all of its members: a whole slice of an import (500
 * cameras over some fifty pages) in one group made one bad page lose them all, where before step 13 it lost the few
 * rows on that page. Still one encryption for many cameras.
 */
export const GROUP_MEMBERS = 8;
type Group = z.infer<typeof groupSchema>;
export type GroupMember = [id: string, body: Body];

const purposeOf = (seq: number) => `outbox-requests:${seq}`;

/** Where an entry's request is: its group's seq, and its place in it (null: a request of step 12, sealed alone). */
export interface RequestRef {
  seq: number;
  index: number | null;
}

/** Groups opened during one read, by seq: a list of 300 entries opens each of their few groups once. */
export type OpenedGroups = Map<number, { single: string | null; blob: Uint8Array; group: Group | null }>;

/**
 * The groups of one transaction, filled in turn: `place` is where the next request goes (its entry's row names it
 * before the request is known to go in), `add` puts it there, and a full group is sealed and the next one begun.
 */
export class GroupFiller {
  #seq: number;
  #members: GroupMember[] = [];

  constructor(private readonly groups: RequestGroups) {
    this.#seq = groups.nextSeq();
  }

  get place(): { seq: number; index: number } {
    return { seq: this.#seq, index: this.#members.length };
  }

  add(member: GroupMember): void {
    this.#members.push(member);
    if (this.#members.length >= GROUP_MEMBERS) this.done();
  }

  /** Seals the group under way (when it has members); the next request starts another. */
  done(): void {
    if (this.#members.length === 0) return;
    this.groups.add(this.#seq, this.#members);
    this.#seq += 1;
    this.#members = [];
  }
}

export class RequestGroups {
  constructor(
    private readonly storage: Storage,
    private readonly sealer: Sealer,
  ) {}

  /** The seq of the next group: inside the write transaction that adds it, no other writer can take it meanwhile. */
  nextSeq(): number {
    return (this.storage.statement('SELECT coalesce(max(seq), 0) + 1 AS n FROM outbox_requests').get() as { n: number }).n;
  }

  add(seq: number, members: GroupMember[]): void {
    this.storage.statement('INSERT INTO outbox_requests (seq, body, single) VALUES (?, ?, NULL)').run(seq, this.sealer.sealJson(members, purposeOf(seq)));
  }

  /** The request of entry `id` at `ref`, or null when it is not there (what a damaged file left). */
  bodyOf(ref: RequestRef, id: string, opened: OpenedGroups = new Map()): Body | null {
    let group = opened.get(ref.seq);
    if (!group) {
      const row = this.storage.statement('SELECT body, single FROM outbox_requests WHERE seq = ?').get(ref.seq) as { body: Uint8Array; single: string | null } | undefined;
      if (!row) return null;
      group = { single: row.single, blob: row.body, group: null };
      opened.set(ref.seq, group);
    }
    // A request of schema step 12 is sealed alone, bound to its entry's id as it always was.
    if (group.single !== null) return group.single === id ? this.sealer.openJson(group.blob, `outbox:${id}`, bodySchema, 'an outbox entry') : null;
    group.group ??= this.sealer.openJson(group.blob, purposeOf(ref.seq), groupSchema, 'an outbox entry');
    const member = ref.index === null ? null : group.group[ref.index];
    // Each member names its entry: a request is never handed to another entry.
    return member && member[0] === id ? member[1] : null;
  }

  /**
   * Forgets the requests at `refs` (entries forgotten, or given a new request): a group that keeps others is sealed
   * again without them, one left with none is deleted. Nothing of a forgotten request stays in the file's rows.
   */
  forget(refs: RequestRef[]): void {
    const bySeq = new Map<number, Array<number | null>>();
    for (const ref of refs) bySeq.set(ref.seq, [...(bySeq.get(ref.seq) ?? []), ref.index]);
    const remove = this.storage.statement('DELETE FROM outbox_requests WHERE seq = ?');
    for (const [seq, indexes] of bySeq) {
      const row = this.storage.statement('SELECT body, single FROM outbox_requests WHERE seq = ?').get(seq) as { body: Uint8Array; single: string | null } | undefined;
      if (!row) continue;
      if (row.single !== null) {
        remove.run(seq);
        continue;
      }
      let group: Group;
      try {
        group = this.sealer.openJson(row.body, purposeOf(seq), groupSchema, 'an outbox entry');
      } catch (error) {
        if (!isAppFailure(error)) throw error;
        // A group that no longer opens (damaged in the file): its requests are lost already, and a discard or an edit
        // of its other entries must not fail on it. Deleted once no entry names it; until then left as it is.
        const named = this.storage.statement('SELECT count(*) AS n FROM outbox_entries WHERE request_seq = ?').get(seq) as { n: number };
        if (named.n === 0) remove.run(seq);
        continue;
      }
      for (const index of indexes) if (index !== null && index < group.length) group[index] = null;
      if (group.every((member) => member === null)) remove.run(seq);
      else this.storage.statement('UPDATE outbox_requests SET body = ? WHERE seq = ?').run(this.sealer.sealJson(group, purposeOf(seq)), seq);
    }
  }
}
