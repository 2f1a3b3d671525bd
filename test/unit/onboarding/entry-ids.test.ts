import { describe, expect, it } from 'vitest';
import { newEntryIds } from '../../../main/outbox/entry-ids';

describe('newEntryIds', () => {
  it('makes distinct version 4 UUIDs, one or many at a time', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const many = newEntryIds(5_000);
    expect(many).toHaveLength(5_000);
    expect(many.every((id) => uuid.test(id))).toBe(true);
    expect(new Set([...many, ...newEntryIds(5_000)]).size).toBe(10_000);
    expect(newEntryIds(1)[0]).toMatch(uuid);
    expect(newEntryIds(0)).toEqual([]);
  });
});
