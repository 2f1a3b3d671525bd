import { describe, expect, it } from 'vitest';
import { wallRequest, wallSlides } from '../../../renderer/features/dashboard/wall-request';

describe('wall start-up address', () => {
  it('opens wall mode from #/dashboard/wall, with an optional step in seconds (5 s at least)', () => {
    expect(wallRequest('#/dashboard/wall')).toEqual({ refreshSeconds: 30, servers: null, views: ['figures', 'charts'], rotateViews: false });
    expect(wallRequest('#/dashboard/wall/10')?.refreshSeconds).toBe(10);
    expect(wallRequest('#/dashboard/wall/1')?.refreshSeconds).toBe(5);
    expect(wallRequest('#/dashboard')).toBeNull();
    expect(wallRequest('#/agents/wall')).toBeNull();
  });

  it('rotates across the chosen servers (those still saved) and views', () => {
    const request = wallRequest('#/dashboard/wall/20?servers=b,a,gone&views=figures,charts,bogus')!;
    expect(request).toMatchObject({ servers: ['b', 'a', 'gone'], views: ['figures', 'charts'], rotateViews: true });
    expect(wallSlides(request, ['a', 'b', 'c'], 'a')).toEqual([
      { profileId: 'b', view: 'figures' },
      { profileId: 'b', view: 'charts' },
      { profileId: 'a', view: 'figures' },
      { profileId: 'a', view: 'charts' },
    ]);
    expect(wallSlides(wallRequest('#/dashboard/wall')!, ['a', 'b'], 'a')).toEqual([
      { profileId: 'a', view: null },
      { profileId: 'b', view: null },
    ]);
    expect(wallSlides(wallRequest('#/dashboard/wall?servers=gone')!, ['a'], 'a')).toEqual([{ profileId: 'a', view: null }]);
  });
});
