import { afterEach, describe, expect, it } from 'vitest';
import { createCreatedService } from '../../../main/onboarding/created-service';
import { createSubmitService } from '../../../main/onboarding/submit-service';
import { createSuggestionService } from '../../../main/onboarding/suggestion-service';
import { hasDbus } from '../../support/dbus';
import { camera } from './console';
import { openServices, type OnboardingServices } from './services';

let desk: OnboardingServices;
afterEach(async () => {
  await desk?.close();
});

describe.skipIf(!hasDbus)('the created cameras and the suggestions they give', () => {
  it('finds a created camera by its serial, exports the matches as CSV, and suggests its placement', async () => {
    desk = await openServices('created-list');
    const created = createCreatedService(desk.outbox);
    const submits = createSubmitService(desk.outbox, desk.services.connections, 5_000);
    const { group, folder } = desk.placement;
    for (let i = 0; i < 3; i++) await submits.submit({ request: camera(group, folder, { serial_number: `SN-${i}`, service: 'cloud-a' }), send: 'now' });

    const all = await created.list('', 2_000);
    expect(all).toMatchObject({ total: 3, matched: 3 });
    const one = await created.list('sn-1', 2_000);
    expect(one).toMatchObject({ total: 3, matched: 1 });
    expect(one.cameras[0]).toMatchObject({ serialNumber: 'SN-1', cameraId: expect.any(Number), profileName: 'Demo server (built-in simulator)' });
    expect((await created.list('', 2)).cameras).toHaveLength(2);
    const csv = await created.exportCsv('SN-2');
    expect(csv.rows).toBe(1);
    expect(csv.csv.split('\r\n')[0]).toMatch(/^camera_id,name,mac,serial_number/);
    expect(csv.csv).toContain('SN-2');

    const suggestions = createSuggestionService({
      recent: created.recent,
      templates: async () => [{ id: 't', name: 'Yard', values: { folder_key: 'fld-from-template' }, updatedAt: new Date().toISOString() }],
      connections: desk.services.connections,
      demoPlacements: () => [{ id: 1, key: 'demo-site', name: 'Demo site', folders: [] }],
    });
    const offered = await suggestions.suggestions();
    expect(offered.groups).toEqual([{ by: 'key', value: group }]);
    expect(offered.folders).toEqual([{ by: 'key', value: folder }, { by: 'key', value: 'fld-from-template' }]);
    expect(offered.services).toEqual(['cloud-a']);
    // The demo server is the active server: its own tree is offered too.
    expect(offered.demoPlacements.map((placement) => placement.key)).toEqual(['demo-site']);
  });
});
