import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseImport, templateCsv } from '../../../preload/contract/camera/csv-import';
import { startSimulator, type RunningSimulator } from '../../../main/simulator/index';
import { call } from '../simulator/http';

/** The downloadable template's example rows, sent as they are to the demo server a first-time user starts with. */
describe('the CSV template against the built-in demo server', () => {
  const sims: RunningSimulator[] = [];
  beforeAll(async () => {
    // Seed 42 is the demo server's; another seed proves the template does not depend on a lucky draw.
    sims.push(await startSimulator({ seed: 42 }), await startSimulator({ seed: 1234 }));
  });
  afterAll(async () => {
    await Promise.all(sims.map((sim) => sim.close()));
  });

  it('creates every example row (201), in the tree elements and folders the rows name', async () => {
    for (const sim of sims) {
      let n = 0;
      const parsed = parseImport(templateCsv(), () => `template-${++n}`);
      expect(parsed.rows.every((row) => Object.keys(row.problems).length === 0)).toBe(true);
      for (const row of parsed.rows) {
        const answer = await call(sim, 'POST', '/api/v2/billing/cameras', { token: sim.apiToken, body: row.request });
        expect(answer.status, answer.text).toBe(201);
      }
      const created = sim.state.createdCameras.map((c) => c.response.folder);
      expect(created).toEqual([expect.objectContaining({ key: 'riga-depot-gates' }), expect.objectContaining({ id: 501 })]);
    }
  });
});
