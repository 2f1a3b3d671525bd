import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Pool } from 'undici';
import { requestText } from '../../../main/platform/text-answer';
import { startFixtureServer, type FixtureServer } from './fixture-server';

/** An answer read through undici's dispatch API as text: what the transport reads every answer but a dashboard's with. */
describe('an answer read as text', () => {
  let server: FixtureServer;
  let pool: Pool;
  beforeEach(async () => {
    server = await startFixtureServer();
    pool = new Pool(server.baseUrl);
  });
  afterEach(async () => {
    await pool.close();
    await server.close();
  });
  const get = (signal: AbortSignal | null = null) => requestText(pool, { origin: server.baseUrl, method: 'GET', path: '/x' }, signal);

  it('gives the status, the headers and the whole body, a byte order mark left out', async () => {
    const body = JSON.stringify({ name: 'Kamera Süd', list: Array.from({ length: 5000 }, (_, i) => i) });
    server.handle((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      // In two writes, the first with the mark: the text is the chunks joined.
      res.write(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body.slice(0, 10))]));
      res.end(body.slice(10));
    });
    const answer = await get();
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.text).toBe(body);
  });

  it('reads an empty body as an empty text', async () => {
    server.handle((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    expect(await get()).toMatchObject({ statusCode: 204, text: '' });
  });

  it('sends nothing for a signal already aborted, and stops an answer that is still coming when it aborts', async () => {
    const before = new AbortController();
    before.abort(new Error('gone before'));
    await expect(get(before.signal)).rejects.toThrow('gone before');
    expect(server.requests).toHaveLength(0);

    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"slow":'); // and never ends
    });
    const during = new AbortController();
    const pending = [get(during.signal), get(during.signal)];
    await expect.poll(() => server.requests.length).toBe(2);
    during.abort(new Error('operator left'));
    for (const request of pending) await expect(request).rejects.toThrow('operator left');
  });

  it('a signal shared by many requests that ended stops only those still waiting', async () => {
    const shared = new AbortController();
    server.handle((_req, res) => res.end('{}'));
    for (let i = 0; i < 20; i++) expect((await get(shared.signal)).text).toBe('{}');
    server.handle((req, res) => {
      if (req.url === '/x') res.write('{'); // never ends
    });
    const pending = get(shared.signal);
    await expect.poll(() => server.requests.length).toBe(21);
    shared.abort(new Error('list switched off'));
    await expect(pending).rejects.toThrow('list switched off');
  });
});
