import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PageEventStream } from '../../../main/web/page-event-stream';

/**
 * A page that stops reading its event stream: the host keeps at most a bounded queue for it, and when the page reads
 * again it first learns how many events it missed (events.resync), then gets the newer ones.
 */

interface Harness {
  stream: PageEventStream;
  /** The page's side: paused until `read()`; answers the events received, in order. */
  page: http.IncomingMessage;
  close(): Promise<void>;
}

let open: Harness | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function connect(limits = { maxQueuedEvents: 50, maxQueuedBytes: 1024 * 1024 }): Promise<Harness> {
  let stream!: PageEventStream;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.flushHeaders();
    stream = new PageEventStream(res, limits);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const page = await new Promise<http.IncomingMessage>((resolve) => http.get({ host: '127.0.0.1', port, path: '/events' }, resolve));
  page.pause();
  await new Promise((resolve) => setTimeout(resolve, 20));
  open = {
    stream,
    page,
    close: () =>
      new Promise<void>((resolve) => {
        page.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return open;
}

/** Reads the page's stream until `until` says it has what it needs; answers the events as [name, data]. */
async function read(page: http.IncomingMessage, until: (events: Array<[string, string]>) => boolean): Promise<Array<[string, string]>> {
  const events: Array<[string, string]> = [];
  let buffer = '';
  return new Promise((resolve) => {
    page.setEncoding('utf8');
    page.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (name && data !== undefined) events.push([name, data]);
      }
      if (until(events)) {
        page.pause();
        resolve(events);
      }
    });
    page.resume();
  });
}

const payload = JSON.stringify({ row: 'x'.repeat(16 * 1024) });

describe('a page that stops reading its event stream', () => {
  it('gets every event when it keeps reading', async () => {
    const { stream, page } = await connect();
    for (let i = 0; i < 20; i++) stream.send('watch.changed', JSON.stringify({ i }));
    const events = await read(page, (seen) => seen.length === 20);
    expect(events.map(([, data]) => JSON.parse(data).i)).toEqual([...Array(20).keys()]);
  });

  it('holds a bounded queue, then tells the page how many events it missed and goes on with the newer ones', async () => {
    const { stream, page } = await connect();
    // Far more than the socket buffers and the queue hold together, while the page does not read.
    const sent = 2_000;
    for (let i = 0; i < sent; i++) stream.send('watch.changed', payload);
    expect(stream.queued).toBeLessThanOrEqual(50);
    const events = await read(page, (seen) => seen.some(([name]) => name === 'events.resync'));
    const resync = events.findIndex(([name]) => name === 'events.resync');
    const { dropped } = JSON.parse(events[resync]![1]) as { dropped: number };
    // What the page read before the notice, plus what it was told it missed, is everything sent.
    expect(resync + dropped).toBe(sent);
    expect(dropped).toBeGreaterThan(0);
    stream.send('watch.changed', JSON.stringify({ after: true }));
    const later = await read(page, (seen) => seen.some(([, data]) => data.includes('"after"')));
    expect(later.at(-1)).toEqual(['watch.changed', '{"after":true}']);
  });
});
