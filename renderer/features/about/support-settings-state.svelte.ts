import type { Bridge } from '../../../preload/contract';
import type { SupportLogLevel, SupportSettingsView } from '../../../preload/contract/support';
import { FormState } from '../../lib/form.svelte';

/** The support settings form: its own copy of the log level and update feed, edited freely and sent on Save. */
export class SupportSettingsState {
  logLevel = $state<SupportLogLevel>('info');
  feed = $state('');
  readonly form = new FormState(['logLevel', 'updateFeedUrl'] as const);

  constructor(private readonly api: Bridge) {}

  /** Takes the settings as main answers them; a feed that came with the build is shown as a placeholder, not typed. */
  show(settings: SupportSettingsView): void {
    this.logLevel = settings.logLevel;
    this.feed = settings.feedFromBuild ? '' : (settings.updateFeedUrl ?? '');
  }

  /** The saved settings, or null with the field errors or the failure set. */
  save(): Promise<SupportSettingsView | null> {
    return this.form.submit(() => this.api.support.saveSettings({ logLevel: this.logLevel, updateFeedUrl: this.feed.trim() }));
  }
}
