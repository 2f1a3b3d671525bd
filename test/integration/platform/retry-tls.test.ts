import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformClient } from '../../../main/platform/client';
import { createTestPki, type TestPki } from '../../support/test-pki';
import { failure } from '../../support/failure';

/**
 * A read retried after a 503 goes on a new connection (the 503 closed its own): the retry is checked against the
 * pinned certificate like the first attempt, and a server that changed its certificate between the two never sees
 * the token again.
 */

const TOKEN = 'tok-RETRY-TLS-0123456789';
let pki: TestPki;
let server: https.Server;
let baseUrl: string;
const seen: Array<string | undefined> = [];

beforeAll(async () => {
  pki = createTestPki();
  server = https.createServer({ key: pki.selfSignedA.key, cert: pki.selfSignedA.cert }, (req, res) => {
    seen.push(req.headers.authorization);
    // The first answer is a 503 on a closing connection; then the server presents another certificate.
    server.setSecureContext({ key: pki.selfSignedB.key, cert: pki.selfSignedB.cert });
    const body = JSON.stringify({ message: 'maintenance' });
    res.writeHead(503, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

describe('a retried read on a pinned profile', () => {
  it('is refused as TlsPinMismatch when the certificate changed after the first attempt, and the token is not sent again', async () => {
    const client = createPlatformClient({ baseUrl, tokenStyle: 'bearer', getToken: async () => TOKEN, timeoutMs: 3_000, retry: { baseDelayMs: 5 }, tls: { mode: 'pin', sha256: pki.selfSignedA.sha256 } });
    try {
      const error = await failure(client.getCameraAgent(17));
      expect(error.kind).toBe('TlsPinMismatch');
      expect(error).toMatchObject({ data: { certificate: { sha256: pki.selfSignedB.sha256 }, expected: pki.selfSignedA.sha256 } });
      expect(seen).toEqual([`Bearer ${TOKEN}`]);
    } finally {
      await client.close();
    }
  });
});
