import { describe, expect, it } from 'vitest';
import { newEntryIds } from '../../../main/outbox/entry-ids';

describe('newEntryIds', () => {
  it('makes distinct version 7 UUIDs, one or many at a time', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const many = newEntryIds(5_000);
    expect(many).toHaveLength(5_000);
    expect(many.every((id) => uuid.test(id))).toBe(true);
    expect(new Set([...many, ...newEntryIds(5_000)]).size).toBe(10_000);
    expect(newEntryIds(1)[0]).toMatch(uuid);
    expect(newEntryIds(0)).toEqual([]);
  });

  it('orders ids by the time they were made, so the index on them grows at its end', () => {
    const at = Date.UTC(2026, 10, 26, 9, 30);
    const [earlier] = newEntryIds(1, at);
    const later = newEntryIds(3, at + 1);
    expect(later.every((id) => id > earlier!)).toBe(true);
    expect(earlier!.replace(/-/g, '').slice(0, 12)).toBe(at.toString(16).padStart(12, '0'));
  });
});
