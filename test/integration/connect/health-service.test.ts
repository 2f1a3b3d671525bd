import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasDbus } from '../../support/dbus';
import { startRegistryApp, type RegistryApp } from '../../support/registry-app';
import { startSimulator, type RunningSimulator } from '../../../main/simulator';
import { connectServices, never, saveInput } from './connect-services';

describe.skipIf(!hasDbus)('the health service (connection tests against the simulator)', () => {
  let under: RegistryApp;
  let simulator: RunningSimulator;
  let clock = 0;
  beforeEach(async () => {
    simulator = await startSimulator({ seed: 6 });
    under = await startRegistryApp('health-service');
    clock = 1_000_000;
  });
  afterEach(async () => {
    await under.app.dispose();
    await simulator.close();
  });

  it('says there is nothing to check without a profile', async () => {
    const { health } = connectServices(under.app.services, () => clock);
    expect(await health.check(false, never)).toEqual({ profile: null, report: null, checkedAt: null });
  });

  it('tests a profile, keeps the outcome with it, and answers the header from memory for 30 s', async () => {
    const { profiles, health } = connectServices(under.app.services, () => clock);
    const saved = await profiles.save(saveInput({ name: 'North', baseUrl: simulator.baseUrl, token: simulator.apiToken }));
    const report = await health.test(saved.id, never);
    expect(report.ok).toBe(true);
    expect((await under.app.services.profiles.get(saved.id))?.lastTest).toMatchObject({ outcome: report.outcome, failedStep: null });

    const first = await health.check(false, never);
    simulator.faults.add({ path: '/api/', status: 503 });
    clock += 10_000;
    expect(await health.check(false, never)).toEqual(first);
    clock += 25_000;
    const later = await health.check(false, never);
    expect(later.report?.ok).toBe(false);
    expect(later.profile?.id).toBe(saved.id);
  });
});
