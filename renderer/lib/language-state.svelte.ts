import type { Bridge } from '../../preload/contract';
import type { Language } from '../../preload/contract/messages';
import { locale } from './i18n.svelte';

/** The language on screen, and main told of it: main writes its sentences (errors, reports) in the same language. */
export class LanguageState {
  constructor(
    private readonly api: Bridge,
    private readonly current: Pick<typeof locale, 'language' | 'set'> = locale,
  ) {}

  get language(): Language {
    return this.current.language;
  }

  choose(language: Language): void {
    this.current.set(language);
  }

  /**
   * Tells main the language now on screen. Called from an `$effect`: the language is read before the call, so the
   * effect runs again on every switch.
   */
  async tellMain(): Promise<boolean> {
    const result = await this.api.app.setLanguage({ language: this.current.language });
    return result.ok;
  }
}
