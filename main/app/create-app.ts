import type { Handlers } from '../ipc/registry';
import type { ChannelName } from '../../preload/contract';
import { createServices, type AppServices, type ServiceOptions } from './services';
import { startDemoServerIfWanted } from './demo-server';
import { createAboutFeature } from '../about/about-feature';
import { createAnalyticsFeature } from '../analytics/analytics-feature';
import { createConnectFeature } from '../connect/connect-feature';
import { createTokensFeature } from '../tokens/tokens-feature';
import { createOnboardingFeature, type OnboardingFeatureOptions } from '../onboarding/onboarding-feature';
import { createDashboardFeature } from '../dashboard/dashboard-feature';
import { createAgentsFeature } from '../agents/agents-feature';
import type { RunningSimulator } from '../simulator';
import { importLegacyData, legacySources } from '../storage';
import { createSupportFeature } from '../about/support-feature';
import { placementsOf } from '../simulator/placements';

export interface AppOptions extends ServiceOptions {
  /** Start the built-in demo server when no server is configured (default true). */
  demo?: boolean;
  /** Outbox knobs (tests shorten the backoff). */
  onboarding?: OnboardingFeatureOptions;
}

export interface WatchdeskApp {
  handlers: Handlers;
  services: AppServices;
  /** The in-process demo server, when it runs. */
  demoServer: RunningSimulator | null;
  dispose(): Promise<void>;
}

/** Every feature, in one list: adding a screen adds one line here (see "Adding a screen" in the README). */
function createFeatures(services: AppServices, options: AppOptions = {} as AppOptions, demoServer: RunningSimulator | null = null) {
  const onboarding = { ...options.onboarding, ...(demoServer ? { demoPlacements: () => placementsOf(demoServer.state) } : {}) };
  return [
    createAboutFeature(services),
    createConnectFeature(services),
    createTokensFeature(services),
    createDashboardFeature(services),
    createOnboardingFeature(services, onboarding),
    createAgentsFeature(services),
    createAnalyticsFeature(services),
    createSupportFeature(services),
  ] as const;
}

type Features = ReturnType<typeof createFeatures>;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type CoveredChannels = keyof UnionToIntersection<Features[number]['handlers']>;
/** A contract channel that no feature handles is a compile error here, naming the channel. */
type MissingChannels = Exclude<ChannelName, CoveredChannels>;
const everyChannelHandled: [MissingChannels] extends [never] ? true : MissingChannels = true;

/**
 * The composition root: builds every service once and every feature from them. Electron, the web host and the
 * tests all run the app through this function, so they share one code path.
 */
export async function createApp(options: AppOptions): Promise<WatchdeskApp> {
  void everyChannelHandled;
  const services = createServices(options);
  // Before anything reads or writes there: leftover temp files go, and an unwritable folder is known (and told).
  await services.dataFolder.check();
  await services.support.startLog();
  // What the stores before the database left in the folder is taken in once, in one transaction, before any feature reads.
  await importLegacyData(services.storage, { dataDir: services.dataDir, getDataKey: () => services.vault.getDataKey() }, legacySources, (sentence) => services.dataFolder.notice(sentence));
  const demoServer = options.demo === false ? null : await startDemoServerIfWanted(services.profiles, services.connections);
  const features = createFeatures(services, options, demoServer);
  const handlers = Object.assign({}, ...features.map((feature) => feature.handlers)) as Handlers;

  return {
    handlers,
    services,
    demoServer,
    async dispose() {
      for (const feature of features) if ('dispose' in feature && feature.dispose) await feature.dispose();
      await services.connections.closeAll();
      await demoServer?.close();
      services.storage.close();
      await services.support.dispose();
    },
  };
}
