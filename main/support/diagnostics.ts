import { release } from 'node:os';
import type { AppInfo } from '../../preload/contract/about';
import type { SupportSettingsView } from '../../preload/contract/support';
import type { Profile } from '../../preload/contract/wire/profile';
import { scrubText, scrubValue } from '../shared/secret-scrub';
import { readCrashRecords } from './crash-records';
import { lastLogLines } from '../shared/log-file';
import type { StorageHealth, StorageHealthReport } from './storage-health';

/** How many of the newest log lines the file carries: enough for the minutes around a problem. */
export const DIAGNOSTICS_LOG_LINES = 400;

export interface DiagnosticsSources {
  dataDir: string;
  logFolder: string;
  appInfo(): Promise<AppInfo>;
  settings(): Promise<SupportSettingsView>;
  language(): string;
  profiles(): Promise<Profile[]>;
  activeProfileId(): Promise<string | null>;
  storageHealth: StorageHealth;
}

/** A server's address as support needs it: scheme, host, port and path; never a user, password, query or fragment. */
export function addressOnly(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return '(not an address)';
  }
}

/** A profile without anything secret or bulky: no token (the keychain has it), no CA text, no playback template. */
function profileSummary(profile: Profile, activeId: string | null) {
  return {
    name: profile.name,
    kind: profile.kind,
    address: addressOnly(profile.baseUrl),
    active: profile.id === activeId,
    tokenStyle: profile.tokenStyle,
    tls: profile.tls.mode,
    timeoutMs: profile.timeoutMs,
    caNeeded: profile.caNeeded === true,
    lastConnectionTest: profile.lastTest ?? null,
  };
}

async function health(check: StorageHealth): Promise<StorageHealthReport | { error: string }> {
  try {
    return await check();
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The diagnostics file: one JSON document an operator attaches to a ticket. It is built from what is safe by
 * construction (addresses, not profiles; counts, not records; settings that hold no secret) and then scrubbed as a
 * whole, so a registered secret in a log line or a crash message cannot reach it either.
 */
export async function buildDiagnostics(sources: DiagnosticsSources, now = new Date()): Promise<{ fileName: string; text: string }> {
  const [info, settings, profiles, activeId, storage, logLines] = await Promise.all([
    sources.appInfo(),
    sources.settings(),
    sources.profiles(),
    sources.activeProfileId(),
    health(sources.storageHealth),
    lastLogLines(sources.logFolder, DIAGNOSTICS_LOG_LINES),
  ]);
  const report = {
    format: 'watchdesk-diagnostics/1',
    createdAt: now.toISOString(),
    versions: {
      app: `${info.name} ${info.version}`,
      host: info.host,
      electron: info.electronVersion,
      chrome: info.chromeVersion,
      node: info.nodeVersion,
      os: `${info.platform} ${release()} (${info.arch})`,
    },
    keychain: info.keychain,
    settings: {
      language: sources.language(),
      logLevel: settings.logLevel,
      logLevelFromEnvironment: settings.logLevelFromEnvironment,
      updateFeedUrl: settings.updateFeedUrl,
    },
    profiles: profiles.map((profile) => profileSummary(profile, activeId)),
    storage: { dataFolder: info.storage, health: storage },
    crashes: readCrashRecords(sources.dataDir),
    log: logLines.map((line) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        return line;
      }
    }),
  };
  const stamp = report.createdAt.replace(/[:.]/g, '-');
  return { fileName: `watchdesk-diagnostics-${stamp}.json`, text: scrubText(JSON.stringify(scrubValue(report), null, 2)) };
}
