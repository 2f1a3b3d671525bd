import i18next from 'i18next';
import { languageOf, resources, type Language, type MessageKey, type MessageValues } from '../../preload/contract/messages';
import type { Said, SaidValue } from '../../preload/contract/said';
import { scrubText } from './secret-scrub';

/**
 * Main's side of the message catalog: the sentences main writes (errors, reports) in the operator's language.
 * The renderer tells main which language it shows (`app.setLanguage`); until then the OS locale decides.
 */
const instance = i18next.createInstance();
void instance.init({
  resources,
  lng: languageOf(process.env.LC_ALL || process.env.LC_MESSAGES || process.env.LANG || Intl.DateTimeFormat().resolvedOptions().locale),
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function t(key: MessageKey, values?: MessageValues): string {
  return instance.t(key, values ?? {});
}

/** A string in a given language, whatever the console speaks now (e.g. a web page answered before the console loads). */
export function tIn(language: Language, key: MessageKey, values?: MessageValues): string {
  return instance.t(key, { ...values, lng: language });
}

/**
 * A sentence for the operator, said in the language of whoever reads it: kept as how to say it, so a notice made at
 * start in one language reads in the other once the operator switches.
 */
export type Sentence = () => string;

/** The sentence `key` with `values`, said when read. */
export const sentence = (key: MessageKey, values?: MessageValues): Sentence => () => t(key, values);

/** Values of a sentence kept as how to say it: plain values, or sentences of their own (a reason inside a sentence). */
export type SaidValues = Record<string, string | number | null | undefined | Said>;

/**
 * The longest text a value of a sentence keeps. Values may be a server's own words (a 422's reason, a key of a
 * malformed answer) of any length its answer allowed: a sentence quotes their start, as a person would.
 */
const SAID_VALUE_MAX = 500;

/** Secrets are masked before the cut: a token cut in two would leave its start, which the door no longer masks. */
function bounded(text: string): string {
  if (text.length <= SAID_VALUE_MAX) return text;
  const clean = scrubText(text);
  return clean.length > SAID_VALUE_MAX ? `${clean.slice(0, SAID_VALUE_MAX)}…` : clean;
}

/**
 * The sentence `key` with `values`, kept as how to say it (it crosses to the page, which says it in its language).
 * Values left undefined are dropped: they would not survive the crossing anyway. Long texts are cut (SAID_VALUE_MAX).
 */
export function said(key: MessageKey, values?: SaidValues): Said {
  if (!values) return { key };
  const kept: Record<string, SaidValue> = {};
  for (const [name, value] of Object.entries(values)) if (value !== undefined) kept[name] = typeof value === 'string' ? bounded(value) : value;
  return { key, values: kept };
}

/** A kept sentence said now, in the console's current language. */
export function say(sentence: Said): string {
  const values: MessageValues = {};
  for (const [name, value] of Object.entries(sentence.values ?? {})) values[name] = value !== null && typeof value === 'object' ? say(value) : value;
  return t(sentence.key as MessageKey, values);
}

export function setLanguage(language: Language): void {
  void instance.changeLanguage(language);
}

export function currentLanguage(): Language {
  return languageOf(instance.language);
}
