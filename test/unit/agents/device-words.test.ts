import { describe, expect, it } from 'vitest';
import { alertFactWords, momentOf, newRule, resolutionOf, ruleWords, sizeParts } from '../../../renderer/features/agents/device-words';

describe('device view words', () => {
  it('gives no moment for null, so the view says "not reported"', () => {
    expect(momentOf(null, 'en', new Date())).toBeNull();
    expect(momentOf('not a date', 'en', new Date())).toBeNull();
  });

  it('keeps the server’s raw UTC text for the hover and says how long ago', () => {
    const moment = momentOf('2026-11-22T10:00:00.123456Z', 'en', new Date('2026-11-22T10:03:00Z'))!;
    expect(moment.utc).toBe('2026-11-22T10:00:00.123456Z');
    expect(moment.relative).toBe('3 min. ago');
  });

  it('writes sizes in the operator’s language', () => {
    expect(sizeParts('en', 953_869)).toEqual({ amount: '932', unit: 'GB' });
    expect(sizeParts('en', 50_000)).toEqual({ amount: '48.8', unit: 'GB' });
    expect(sizeParts('ru', 50_000)).toEqual({ amount: '48,8', unit: 'GB' });
  });

  it('says a resolution only when both sides are reported', () => {
    expect(resolutionOf(1920, 1080)).toBe('1920 × 1080');
    expect(resolutionOf(null, 1080)).toBeNull();
  });

  it('puts rules and alerts in catalog words with their numbers', () => {
    expect(ruleWords({ id: 'a', kind: 'storage', percent: 90 })).toEqual({ key: 'agents.rules.storage', values: { percent: 90 } });
    const rule = newRule('offline');
    expect(rule).toMatchObject({ kind: 'offline', minutes: 10 });
    expect(
      alertFactWords({
        id: 'x', listId: 'l', listName: 'L', deviceId: '1', deviceName: null, rule: { id: 'v', kind: 'version', expected: '3' },
        facts: { version: '2' }, raisedAt: '', clearedAt: null, acknowledgedAt: null,
      }),
    ).toEqual({ key: 'agents.alerts.facts.version', values: { version: '2', expected: '3' } });
  });
});
