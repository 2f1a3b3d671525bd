import type { AppServices } from '../app/services';
import type { ConnectionHealth } from '../../preload/contract/connect';
import type { ConnectionReport } from '../../preload/contract/wire/platform';
import { log } from '../shared/log';
import type { ProfileViews } from './profile-views';

/** A check of the active server younger than this is answered from memory (the header asks on every screen). */
const healthCacheMs = 30_000;

/** Connection tests: one profile's on demand, and the active server's health for the header (kept for a while). */
export interface HealthService {
  test(id: string, signal: AbortSignal): Promise<ConnectionReport>;
  /** The active server's health; `force` tests again even when a recent answer is kept. */
  check(force: boolean, signal: AbortSignal): Promise<ConnectionHealth>;
  /** The kept answer no longer holds (a profile changed, another became active). */
  forget(): void;
}

export function createHealthService({ profiles, connections }: Pick<AppServices, 'profiles' | 'connections'>, views: ProfileViews, now: () => number = Date.now): HealthService {
  let kept: { health: ConnectionHealth; at: number } | null = null;

  /**
   * A finished test tells the header's badge and is kept with the profile for its card (time, outcome, the step that
   * broke). A cancelled test says nothing about the server.
   */
  async function afterTest(id: string, report: ConnectionReport): Promise<void> {
    if (!report.ok && (!report.error || report.error.kind === 'Cancelled')) return;
    connections.observe(id, report.ok ? null : (report.error ?? null));
    const failedStep = report.steps.find((step) => step.ok === false)?.name ?? null;
    try {
      await profiles.recordTest(id, { at: new Date().toISOString(), outcome: report.outcome, failedStep, kind: report.error?.kind ?? null });
    } catch (error) {
      // Removed meanwhile: nothing to show it on.
      log.info('connect', `test result not kept: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Tests the active server and keeps the answer. */
  async function tested(id: string, signal: AbortSignal): Promise<ConnectionHealth> {
    const profile = await views.view(await views.mustGet(id));
    const { client } = await connections.forProfile(id);
    const report = await client.testConnection({ signal });
    await afterTest(id, report);
    return keep({ profile, report, checkedAt: new Date().toISOString() });
  }

  function keep(health: ConnectionHealth): ConnectionHealth {
    kept = { health, at: now() };
    return health;
  }

  return {
    async test(id, signal) {
      const { client } = await connections.forProfile(id);
      const report = await client.testConnection({ signal });
      await afterTest(id, report);
      // A test of the active server is also what the header shows next.
      if ((await profiles.getActiveId()) === id) keep({ profile: await views.view(await views.mustGet(id)), report, checkedAt: new Date().toISOString() });
      return report;
    },
    async check(force, signal) {
      const activeId = await profiles.getActiveId();
      if (!activeId) return { profile: null, report: null, checkedAt: null };
      if (!force && kept && kept.health.profile?.id === activeId && now() - kept.at < healthCacheMs) return kept.health;
      return tested(activeId, signal);
    },
    forget() {
      kept = null;
    },
  };
}
