import i18next from 'i18next';
import { languageOf, languages, resources, type Language, type MessageKey, type MessageValues } from '../../preload/contract/messages';
import type { Said } from '../../preload/contract/said';

const storageKey = 'watchdesk.language';

/** The operator's choice if they made one, else the OS language (Electron and browsers report it as navigator.languages). */
function initialLanguage(): Language {
  const chosen = globalThis.localStorage?.getItem(storageKey);
  if (chosen && (languages as readonly string[]).includes(chosen)) return chosen as Language;
  const spoken = (globalThis.navigator?.languages ?? []).map(languageOf).find((language) => language !== 'en');
  return spoken ?? languageOf(globalThis.navigator?.language);
}

const instance = i18next.createInstance();
void instance.init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

class Locale {
  #language = $state<Language>(languageOf(instance.language));

  /** The language every string and `Intl` format on screen follows; reading it makes a template re-render on change. */
  get language(): Language {
    return this.#language;
  }

  /** Switches the whole console at once and remembers the choice. Main is told by the shell (app.setLanguage). */
  set(language: Language): void {
    void instance.changeLanguage(language);
    globalThis.localStorage?.setItem(storageKey, language);
    if (globalThis.document) document.documentElement.lang = language;
    this.#language = language;
  }
}

export const locale = new Locale();
if (globalThis.document) document.documentElement.lang = locale.language;

/** A string from the catalog in the current language. Reactive: templates calling it update when the language changes. */
export function t(key: MessageKey, values?: MessageValues): string {
  void locale.language;
  return instance.t(key, values ?? {});
}

/** A record of values, as a kept sentence's `values` must be (anything else is damage). */
function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A kept sentence said in the current language; null when this catalog has no such key (main newer than the page) or
 * when the sentence is damaged (a key that is not text, values that are not a record, a key naming a whole part of
 * the catalog): the caller then shows the sentence as written, rather than throwing in a render or showing a key.
 */
function sayNow(sentence: Said): string | null {
  if (typeof sentence.key !== 'string') return null;
  const given: unknown = sentence.values ?? {};
  if (!isRecord(given)) return null;
  const values: MessageValues = {};
  for (const [name, value] of Object.entries(given)) {
    if (isRecord(value)) {
      const inner = sayNow(value as unknown as Said);
      if (inner === null) return null;
      values[name] = inner;
    } else if (value === null || typeof value === 'string' || typeof value === 'number') values[name] = value;
    else return null;
  }
  // With its values: a sentence with plural forms exists only as its forms (`_one`, `_other`), found by `count`.
  if (!instance.exists(sentence.key, values)) return null;
  // returnObjects: a key naming a part of the catalog comes back as that part, not as a string to show.
  const said: unknown = instance.t(sentence.key, { ...values, returnObjects: true });
  return typeof said === 'string' ? said : null;
}

/**
 * What main said (an error, a step of a report) in the language shown now: from how it was said when main kept that,
 * else its sentence as written. Reactive like `t`.
 */
export function spoken(text: { message: string; said?: Said | undefined }): string {
  void locale.language;
  return (text.said && sayNow(text.said)) ?? text.message;
}
