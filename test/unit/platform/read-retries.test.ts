import { describe, expect, it, vi } from 'vitest';
import { json } from './fixture-server';
import { fixtureClients } from './fixture-clients';
import * as samples from './samples';
import { failure } from '../../support/failure';

/**
 * How many times a read is sent when its tries fail in different ways one after another: a read is sent at most
 * 1 + maxRetries times, whichever failures worth another try (a dropped connection, 502/503/504) come in which order.
 */

const TOKEN = 'tok-SECRET-1234567890';
const { server, client } = fixtureClients(TOKEN, undefined, { retry: { baseDelayMs: 5 } });

describe('a read whose first try is dropped and whose next tries are answered 503', () => {
  it('is sent three times in all by default (two retries), then told Unavailable', async () => {
    server.handle((req, res, _b, count) => (count === 1 ? req.socket.destroy() : json(res, 503, {})));
    expect((await failure(client().getCameraAgent(17))).kind).toBe('Unavailable');
    expect(server.requests).toHaveLength(3);
  });

  it('is sent twice when told to retry once', async () => {
    server.handle((req, res, _b, count) => (count === 1 ? req.socket.destroy() : json(res, 503, {})));
    expect((await failure(client({ retry: { maxRetries: 1, baseDelayMs: 5 } }).getCameraAgent(17))).kind).toBe('Unavailable');
    expect(server.requests).toHaveLength(2);
  });

  it('still succeeds when the last try it is allowed answers', async () => {
    server.handle((req, res, _b, count) => (count === 1 ? req.socket.destroy() : count === 2 ? json(res, 503, {}) : json(res, 200, samples.cameraAgent)));
    await expect(client().getCameraAgent(17)).resolves.toMatchObject({ id: 17 });
    expect(server.requests).toHaveLength(3);
  });
});

describe('a read answered 503 first, then failing otherwise', () => {
  it('is sent three times in all when its retries are dropped', async () => {
    server.handle((req, res, _b, count) => (count === 1 ? json(res, 503, {}) : req.socket.destroy()));
    expect((await failure(client().getCameraAgent(17))).kind).toBe('Offline');
    expect(server.requests).toHaveLength(3);
  });

  it('says it waited over 3 tries when its retries go unanswered', async () => {
    server.handle((_q, res, _b, count) => (count === 1 ? json(res, 503, {}) : undefined));
    const started = Date.now();
    const error = await failure(client({ timeoutMs: 150 }).getCameraAgent(17));
    const waited = Date.now() - started;
    expect(server.requests).toHaveLength(3);
    expect(error).toMatchObject({ kind: 'Timeout', data: { tries: 3 } });
    expect(error.message).toMatch(/^The server did not answer in time, after 3 tries \((\d+) s waited in total, up to 1 s each\)\. Try again later\.$/);
    const seconds = Number(/\((\d+) s waited/.exec(error.message)![1]);
    expect(Math.abs(seconds * 1000 - waited)).toBeLessThan(1_000);
  });
});

describe('the dropped answer of a first try', () => {
  it('a 503 streaming 300 MB is cut off after a little of it, not read or kept whole, and the read goes on', async () => {
    let written = 0;
    let closedAfter = -1;
    server.handle((_q, res, _b, count) => {
      if (count > 1) return json(res, 200, samples.cameraAgent);
      res.writeHead(503, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      res.on('close', () => (closedAfter = written));
      const pump = (): void => {
        while (written < 300 * 1024 * 1024 && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    await expect(client().getCameraAgent(17)).resolves.toMatchObject({ id: 17 });
    expect(server.requests).toHaveLength(2);
    await expect.poll(() => closedAfter).toBeGreaterThanOrEqual(0);
    // What the client read before it closed the connection, plus what the sockets' buffers held.
    expect(closedAfter).toBeLessThan(16 * 1024 * 1024);
  });

  it('a 503 whose body drips is let go at once: the retry does not wait for the attempt deadline', async () => {
    server.handle((_q, res, _b, count) => {
      if (count > 1) return json(res, 200, samples.cameraAgent);
      res.writeHead(503, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write('x'), 50);
      res.on('close', () => clearInterval(timer));
    });
    const started = Date.now();
    await expect(client().getCameraAgent(17)).resolves.toMatchObject({ id: 17 });
    // The attempt deadline here is 5 s (twice the 2 s timeout, and a second).
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(server.requests).toHaveLength(2);
  });

  it('a 503 whose connection resets half way through its page is dropped and the read goes on', async () => {
    server.handle((_q, res, _b, count) => {
      if (count > 1) return json(res, 200, samples.cameraAgent);
      res.writeHead(503, { 'content-type': 'text/html', 'content-length': '5000' });
      res.write('<html><body>Service unav');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    await expect(client().getCameraAgent(17)).resolves.toMatchObject({ id: 17 });
    expect(server.requests).toHaveLength(2);
  });

  it('a read answered by 503 pages that drip ends as soon as the caller cancels, whichever try it is on', async () => {
    server.handle((_q, res) => {
      res.writeHead(503, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write('x'), 50);
      res.on('close', () => clearInterval(timer));
    });
    const controller = new AbortController();
    const call = failure(client({ retry: { baseDelayMs: 5 } }).getCameraAgent(17, { signal: controller.signal }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    controller.abort();
    expect((await call).kind).toBe('Cancelled');
    expect(Date.now() - started).toBeLessThan(300);
    expect(server.requests.length).toBeLessThanOrEqual(3);
  });
});

describe('the retried call', () => {
  it('carries the token to the profile origin only, and a redirect on a retry is not followed', async () => {
    server.handle((_q, res, _b, count) => {
      if (count === 1) return json(res, 503, {});
      res.writeHead(302, { location: 'http://127.0.0.2:9/steal' });
      res.end();
    });
    const error = await failure(client().getCameraAgent(17));
    expect(error.kind).not.toBe('Cancelled');
    expect(server.requests).toHaveLength(2);
    for (const request of server.requests) expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.stringify(error)).not.toContain(TOKEN);
  });

  it('a retried answer over the size limit is refused in words, cut off while it streams', async () => {
    let written = 0;
    server.handle((_q, res, _b, count) => {
      if (count === 1) return json(res, 503, {});
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, ' ');
      res.write('{"id": 17, "pad": "');
      const pump = (): void => {
        while (written < 64 * 1024 * 1024 && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end('"}');
      };
      pump();
    });
    const error = await failure(client().getCameraAgent(17));
    expect(error).toMatchObject({ kind: 'BadResponse' });
    expect(error.message).toMatch(/8 MB/);
    expect(written).toBeLessThan(32 * 1024 * 1024);
    expect(server.requests).toHaveLength(2);
  });

  it('a retried answer nested deeper than any real one is refused in words', async () => {
    server.handle((_q, res, _b, count) => {
      if (count === 1) return json(res, 502, {});
      const deep = '['.repeat(600) + ']'.repeat(600);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': deep.length });
      res.end(deep);
    });
    const error = await failure(client().getCameraAgent(17));
    expect(error).toMatchObject({ kind: 'BadResponse' });
    expect(error.message).toMatch(/512/);
    expect(server.requests).toHaveLength(2);
  });

  it('a retried answer cut off after its head is not tried a third time', async () => {
    server.handle((_q, res, _b, count) => {
      if (count === 1) return json(res, 504, {});
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"id": 17, "na');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    expect(await failure(client().getCameraAgent(17))).toMatchObject({ kind: 'BadResponse' });
    expect(server.requests).toHaveLength(2);
  });

  it('a POST answered 503 is sent once, never through the retries', async () => {
    server.handle((_q, res) => json(res, 503, {}));
    expect((await failure(client().createCamera({ name: 'x' }))).kind).toBe('Unavailable');
    expect(server.requests).toHaveLength(1);
  });
});

describe('the backoff between tries', () => {
  it('doubles from the base before each retry, the first wait included, for as many retries as asked', async () => {
    // The longest waits the jitter allows: 40, 80 and 160 ms.
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.999);
    try {
      const arrivals: number[] = [];
      server.handle((_q, res) => {
        arrivals.push(performance.now());
        json(res, 503, {});
      });
      expect((await failure(client({ retry: { maxRetries: 3, baseDelayMs: 40 } }).getCameraAgent(17))).kind).toBe('Unavailable');
      expect(arrivals).toHaveLength(4);
      const gaps = arrivals.slice(1).map((at, i) => at - arrivals[i]!);
      expect(gaps[0]).toBeGreaterThanOrEqual(38);
      expect(gaps[1]).toBeGreaterThanOrEqual(78);
      expect(gaps[2]).toBeGreaterThanOrEqual(158);
      expect(gaps[2]!).toBeLessThan(400);
    } finally {
      random.mockRestore();
    }
  });
});
