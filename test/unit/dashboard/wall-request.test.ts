import { describe, expect, it } from 'vitest';
import { wallRequest } from '../../../renderer/features/dashboard/wall-request';

describe('wall start-up address', () => {
  it('opens wall mode from #/dashboard/wall, with an optional refresh in seconds (5 s at least)', () => {
    expect(wallRequest('#/dashboard/wall')).toEqual({ refreshSeconds: 30 });
    expect(wallRequest('#/dashboard/wall/10')).toEqual({ refreshSeconds: 10 });
    expect(wallRequest('#/dashboard/wall/1')).toEqual({ refreshSeconds: 5 });
    expect(wallRequest('#/dashboard')).toBeNull();
    expect(wallRequest('#/agents/wall')).toBeNull();
  });
});
