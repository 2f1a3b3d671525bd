/**
 * The languages the console speaks, apart from their catalogs: what a language choice needs (the web host answering a
 * browser before its page exists, the picker) without loading every sentence of both languages.
 */
export const languages = ['en', 'ru'] as const;
export type Language = (typeof languages)[number];
export const languageNames: Record<Language, string> = { en: 'English', ru: 'Русский' };

/** The language for a BCP 47 tag such as `ru-RU` or `en_US.UTF-8`; English when the console does not speak it. */
export function languageOf(tag: string | null | undefined): Language {
  const base = (tag ?? '').toLowerCase().split(/[-_.]/)[0];
  return (languages as readonly string[]).includes(base ?? '') ? (base as Language) : 'en';
}
