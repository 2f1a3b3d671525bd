import type { ServerResponse } from 'node:http';
import type { StaticFile } from './static-files';

/**
 * The files a page's HTML makes the browser fetch before its code can run (module scripts, preloaded modules, style
 * sheets; not the icon, which comes after), as URL paths resolved against the page's own path.
 */
export function pageFilesOf(html: string, pagePath = '/'): string[] {
  const files: string[] = [];
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script');
    if (!isScript && !/\brel="(?:stylesheet|modulepreload)"/.test(tag)) continue;
    const path = (isScript ? /\bsrc="([^"]+)"/ : /\bhref="([^"]+)"/).exec(tag)?.[1];
    if (path) files.push(new URL(path, `http://page${pagePath}`).pathname);
  }
  return files;
}

export interface PageFilesWatch {
  /** Called for every renderer file about to be sent, with the response it is sent on. */
  serving(path: string, file: StaticFile, res: ServerResponse): void;
}

/**
 * Calls `onSent` once, when a page and every file its HTML names have been handed to the operating system (the
 * responses finished), so that work started then no longer holds those files back. The wait follows the latest page
 * served.
 */
export function createPageFilesWatch(onSent: () => void): PageFilesWatch {
  let waiting: Set<string> | null = null;
  let told = false;
  const settle = (): void => {
    if (told || waiting === null || waiting.size > 0) return;
    told = true;
    onSent();
  };
  return {
    serving(path, file, res) {
      if (told) return;
      // Each page served starts the wait over with its own files: a page (or a curl) that asks for some other path
      // first, and never for the files that HTML names, must not leave the wait on files nobody will ask for.
      if (file.contentType.startsWith('text/html')) {
        waiting = new Set(pageFilesOf(file.body.toString('utf8'), path.endsWith('/') ? path : path.replace(/[^/]*$/, '')));
        res.once('finish', settle);
        return;
      }
      if (!waiting?.has(path)) return;
      res.once('finish', () => {
        waiting?.delete(path);
        settle();
      });
    },
  };
}
