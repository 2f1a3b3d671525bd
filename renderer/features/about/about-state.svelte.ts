import type { Bridge } from '../../../preload/contract';
import type { AppInfo } from '../../../preload/contract/about';
import type { AppError } from '../../../preload/contract/app-error';
import type { SupportSettingsView } from '../../../preload/contract/support';

/** The About screen's facts: versions, host, keychain and data folder, and the support settings the panels below use. */
export class AboutState {
  info = $state<AppInfo | null>(null);
  support = $state<SupportSettingsView | null>(null);
  error = $state<AppError | null>(null);

  constructor(private readonly api: Bridge) {}

  /** Both reads at once; the first failure is the one the banner shows (its "Try again" calls this again). */
  async load(): Promise<void> {
    this.error = null;
    const [info, settings] = await Promise.all([this.api.app.info(), this.api.support.settings()]);
    if (info.ok) this.info = info.value;
    else this.error = info.error;
    if (settings.ok) this.support = settings.value;
    else this.error ??= settings.error;
  }

  /** The settings form saved: what main now answers is what the panels show. */
  settingsSaved(settings: SupportSettingsView): void {
    this.support = settings;
  }
}

/** The facts as plain text for a support ticket (English labels: support reads them). */
export function supportText(facts: AppInfo): string {
  return [
    `${facts.name} ${facts.version}`,
    `host: ${facts.host}`,
    `platform: ${facts.platform} (${facts.arch})`,
    `node: ${facts.nodeVersion}`,
    `electron: ${facts.electronVersion ?? '-'}`,
    `keychain: ${facts.keychain.available ? `available, ${facts.keychain.backend}` : `unavailable, ${facts.keychain.reason}`}`,
  ].join('\n');
}
