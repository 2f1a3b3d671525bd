import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createPageFilesWatch, pageFilesOf } from '../../../main/web/page-files';

const html = `<!doctype html><html><head>
<link rel="icon" type="image/svg+xml" href="./assets/favicon-1.svg" />
<script type="module" crossorigin src="./assets/index-2.js"></script>
<link rel="modulepreload" crossorigin href="./assets/shared-3.js">
<link rel="stylesheet" crossorigin href="./assets/shared-4.css">
</head><body><div id="app"></div></body></html>`;

const page = { body: Buffer.from(html), contentType: 'text/html; charset=utf-8' };
const script = { body: Buffer.from('export {}'), contentType: 'text/javascript; charset=utf-8' };
const response = (): ServerResponse & EventEmitter => new EventEmitter() as ServerResponse & EventEmitter;

/** The console's page and the three files it names, asked for in order; their responses, not yet finished. */
function serveConsole(watch: ReturnType<typeof createPageFilesWatch>): Array<ServerResponse & EventEmitter> {
  const responses = [response(), response(), response(), response()];
  ['/', '/assets/index-2.js', '/assets/shared-3.js', '/assets/shared-4.css'].forEach((path, i) => watch.serving(path, i === 0 ? page : script, responses[i]!));
  return responses;
}

describe('the first page files', () => {
  it('are the scripts, preloaded modules and style sheets the HTML names, not its icon', () => {
    expect(pageFilesOf(html)).toEqual(['/assets/index-2.js', '/assets/shared-3.js', '/assets/shared-4.css']);
    expect(pageFilesOf(html, '/console/')).toEqual(['/console/assets/index-2.js', '/console/assets/shared-3.js', '/console/assets/shared-4.css']);
  });

  it('are told sent once every one of them finished, after the page itself, and only once', () => {
    let told = 0;
    const watch = createPageFilesWatch(() => told++);
    const responses = serveConsole(watch);
    responses[0]!.emit('finish');
    responses[1]!.emit('finish');
    responses[3]!.emit('finish');
    expect(told).toBe(0);
    responses[2]!.emit('finish');
    expect(told).toBe(1);
    // A reload later changes nothing.
    const again = response();
    watch.serving('/', page, again);
    again.emit('finish');
    expect(told).toBe(1);
  });

  it("follow the latest page served: a first page whose files never come does not hold the wait (a deep path's HTML, then the console's)", () => {
    let told = 0;
    const watch = createPageFilesWatch(() => told++);
    const deep = response();
    watch.serving('/deep/x/', page, deep);
    deep.emit('finish');
    const responses = serveConsole(watch);
    for (const r of responses) r.emit('finish');
    expect(told).toBe(1);
  });

  it('are not waited for before a page was served (a file asked for on its own)', () => {
    let told = 0;
    const watch = createPageFilesWatch(() => told++);
    const alone = response();
    watch.serving('/assets/index-2.js', script, alone);
    alone.emit('finish');
    expect(told).toBe(0);
  });
});
