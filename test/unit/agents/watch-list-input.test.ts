import { describe, expect, it } from 'vitest';
import { MAX_DEVICES_TEXT_CHARS, watchListInputSchema } from '../../../preload/contract/agents';

const base = { name: 'Lobby', devicesText: '1001 1002', intervalSec: 60, concurrency: 8 };

function fieldErrors(input: unknown): Record<string, string> {
  const result = watchListInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the watch-list input', () => {
  it('says in words that the number of requests is missing, and not a zod sentence', () => {
    const errors = fieldErrors({ ...base, concurrency: null });
    expect(errors['concurrency']).toMatch(/^agents\.editor\.concurrencyRequired/);
    expect(fieldErrors({ ...base, concurrency: 2.5 })['concurrency']).toMatch(/^agents\.editor\.concurrencyWhole/);
  });

  it('refuses two rules with one id, on the second rule’s id', () => {
    const rules = [
      { id: 'r1', kind: 'stream' },
      { id: 'r1', kind: 'offline', minutes: 10 },
    ];
    expect(fieldErrors({ ...base, rules })).toEqual({ 'rules.1.id': 'agents.editor.ruleIdDuplicate' });
    expect(fieldErrors({ ...base, rules: [rules[0], { ...rules[1], id: 'r2' }] })).toEqual({});
  });

  it('blames the size of the text, not the number of devices, for an over-long text', () => {
    const message = fieldErrors({ ...base, devicesText: '1'.repeat(MAX_DEVICES_TEXT_CHARS + 1) })['devicesText']!;
    expect(message).toMatch(/^agents\.editor\.devicesTextTooLong/);
  });

  it('takes 5,000 twenty-digit ids sent as ids only', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => String(10n ** 19n + BigInt(i)));
    expect(fieldErrors({ ...base, devicesText: ids.join('\n') })).toEqual({});
  });
});

