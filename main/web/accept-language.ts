import { languages, type Language } from '../../preload/contract/messages/languages';

/**
 * The language a browser asks for in its Accept-Language header (`ru-RU,ru;q=0.9,en;q=0.8`), among those the console
 * speaks, best quality first; English when it asks for none of them. For the few plain-text answers the web host
 * gives before the page (and its language choice) exists.
 */
export function languageOfRequest(header: string | string[] | undefined): Language {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const asked = text
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', quality: q === undefined ? 1 : Number(q), order };
    })
    .filter((entry) => entry.base !== '' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  const spoken = asked.find((entry) => (languages as readonly string[]).includes(entry.base));
  return (spoken?.base as Language | undefined) ?? 'en';
}
