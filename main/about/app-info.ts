import type { AppInfo, KeychainStatus, StorageStatus } from '../../preload/contract/about';
import pkg from '../../package.json' with { type: 'json' };

export interface HostFacts {
  host: 'electron' | 'web';
  /** Electron's own versions when running inside Electron; null under plain Node (web host, tests). */
  electronVersion: string | null;
  chromeVersion: string | null;
}

/** Facts for the About panel. The keychain status comes from a live probe, so it also says why it is unavailable. */
export function buildAppInfo(facts: HostFacts, keychain: KeychainStatus, storage: StorageStatus): AppInfo {
  return {
    name: pkg.productName,
    version: pkg.version,
    platform: process.platform,
    arch: process.arch,
    nodeVersion: process.versions.node,
    electronVersion: facts.electronVersion,
    chromeVersion: facts.chromeVersion,
    host: facts.host,
    keychain,
    storage,
  };
}
