import { describe, expect, it } from 'vitest';
import { en, ru, languages, languageOf } from '../../../preload/contract/messages';
import { pluralSuffixes } from '../../../preload/contract/messages/types';

type Tree = { [key: string]: string | Tree };

/** Every leaf as `path -> text`. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const pluralOf = (key: string) => pluralSuffixes.find((suffix) => key.endsWith(suffix));
const baseOf = (key: string) => {
  const suffix = pluralOf(key);
  return suffix ? key.slice(0, -suffix.length) : key;
};
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).filter((name) => name !== 'count').sort();

const catalogs = { en: leaves(en as unknown as Tree), ru: leaves(ru as unknown as Tree) };

describe('message catalog', () => {
  it.each(languages)('has every key of every other language in %s (plurals matched by their base)', (language) => {
    const mine = new Set([...catalogs[language].keys()].map(baseOf));
    const missing = languages
      .filter((other) => other !== language)
      .flatMap((other) => [...catalogs[other].keys()].map(baseOf).filter((key) => !mine.has(key)).map((key) => `${key} (in ${other})`));
    expect([...new Set(missing)]).toEqual([]);
  });

  it.each(languages)('has every plural form %s needs for each counted message', (language) => {
    const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const keys = [...catalogs[language].keys()];
    const bases = new Set(keys.filter(pluralOf).map(baseOf));
    const missing = [...bases].flatMap((base) => needed.filter((category) => !catalogs[language].has(`${base}_${category}`)).map((category) => `${base}_${category}`));
    expect(missing).toEqual([]);
  });

  it('uses the same placeholders in every language', () => {
    const mismatched: string[] = [];
    for (const [key, text] of catalogs.en) {
      const other = catalogs.ru.get(key) ?? catalogs.ru.get(`${baseOf(key)}_other`);
      if (other !== undefined && placeholders(text).join() !== placeholders(other).join()) mismatched.push(key);
    }
    expect(mismatched).toEqual([]);
  });

  it('has no empty message', () => {
    const empty = languages.flatMap((language) => [...catalogs[language]].filter(([, text]) => text.trim() === '').map(([key]) => `${language}:${key}`));
    expect(empty).toEqual([]);
  });

  it('picks the language from an OS locale tag, English when it speaks none', () => {
    expect([languageOf('ru-RU'), languageOf('ru_RU.UTF-8'), languageOf('en-GB'), languageOf('de-DE'), languageOf(undefined)]).toEqual(['ru', 'ru', 'en', 'en', 'en']);
  });
});
