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

describe('the first page files', () => {
  it('are the scripts, preloaded modules and style sheets the HTML names, not its icon', () => {
    expect(pageFilesOf(html)).toEqual(['/assets/index-2.js', '/assets/shared-3.js', '/assets/shared-4.css']);
    expect(pageFilesOf(html, '/console/')).toEqual(['/console/assets/index-2.js', '/console/assets/shared-3.js', '/console/assets/shared-4.css']);
  });

  it('are told sent once every one of them finished, after the page itself, and only once', () => {
    let told = 0;
    const watch = createPageFilesWatch(() => told++);
    const responses = [response(), response(), response(), response()];
    watch.serving('/', page, responses[0]!);
    watch.serving('/assets/index-2.js', script, responses[1]!);
    watch.serving('/assets/shared-3.js', script, responses[2]!);
    watch.serving('/assets/shared-4.css', script, responses[3]!);
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

  it('are not waited for before a page was served (a file asked for on its own)', () => {
    let told = 0;
    const watch = createPageFilesWatch(() => told++);
    const alone = response();
    watch.serving('/assets/index-2.js', script, alone);
    alone.emit('finish');
    expect(told).toBe(0);
  });
});
