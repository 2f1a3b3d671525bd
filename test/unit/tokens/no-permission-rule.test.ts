import { describe, expect, it } from 'vitest';
import { batchStartSchema, streamTokenRequestSchema } from '../../../preload/contract/tokens';

describe('a token with every permission off', () => {
  it('is refused by the contract unless the operator confirmed it (one token and a batch)', () => {
    for (const schema of [streamTokenRequestSchema, batchStartSchema]) {
      const base = { stream: 'cam-0001-hd', text: 'cam-0001-hd', ttl: 60 };
      const refused = schema.safeParse(base);
      expect(refused.success).toBe(false);
      expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['live']);
      expect(schema.safeParse({ ...base, allowNothing: true }).success).toBe(true);
      for (const on of ['live', 'dvr', 'copy']) expect(schema.safeParse({ ...base, [on]: true }).success).toBe(true);
    }
  });
});
