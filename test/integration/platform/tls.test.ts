import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startSimulator } from '../../../main/simulator';
import { inspectCertificate } from '../../../main/platform/tls-trust';
import { createTestPki, type TestCertificate, type TestPki } from '../../support/test-pki';
import { failure } from '../../support/failure';
import { clientFor, type Sim } from './sim-fixture';

let pki: TestPki;
const running: Sim[] = [];
const requestLines: string[] = [];

async function serve(certificate: TestCertificate, port?: number): Promise<Sim> {
  const sim = await startSimulator({ seed: 42, tls: { key: certificate.key, cert: certificate.cert }, onRequest: (line) => requestLines.push(line), ...(port ? { port } : {}) });
  running.push(sim);
  return sim;
}

beforeAll(() => {
  pki = createTestPki();
});
afterAll(async () => {
  await Promise.all(running.map((sim) => sim.close()));
});

describe('a self-signed server with the default (system) trust', () => {
  it('is refused as TlsUntrusted, with the certificate to review', async () => {
    const sim = await serve(pki.selfSignedA);
    const client = clientFor(sim);
    const error = await failure(client.getDashboard());
    await client.close();
    expect(error.kind).toBe('TlsUntrusted');
    expect(error.message).toContain('self-signed');
    expect(error).toMatchObject({ data: { certificate: { sha256: pki.selfSignedA.sha256, selfSigned: true, subject: 'CN=127.0.0.1' } } });
  });

  it('inspectCertificate reads the same certificate for the "pin it?" dialog', async () => {
    const sim = await serve(pki.selfSignedA);
    const info = await inspectCertificate(sim.baseUrl, { timeoutMs: 3_000 });
    expect(info).toMatchObject({ sha256: pki.selfSignedA.sha256, issuer: 'CN=127.0.0.1', selfSigned: true });
    expect(Date.parse(info.validTo)).toBeGreaterThan(Date.now());
  });
});

describe('a pinned certificate', () => {
  it('is accepted when the server presents it', async () => {
    const sim = await serve(pki.selfSignedA);
    const client = clientFor(sim, { tls: { mode: 'pin', sha256: pki.selfSignedA.sha256 } });
    await expect(client.getDashboard()).resolves.toHaveProperty('cameras');
    await client.close();
  });

  it('accepts a pin typed in lower case without colons', async () => {
    const sim = await serve(pki.selfSignedA);
    const loose = pki.selfSignedA.sha256.replace(/:/g, '').toLowerCase();
    const client = clientFor(sim, { tls: { mode: 'pin', sha256: loose } });
    await expect(client.createStreamToken({ stream: 'cam-0001-sd', live: true })).resolves.toMatch(/\S/);
    await client.close();
  });

  it('is refused loudly with TlsPinMismatch after the server certificate changes, before any request is sent', async () => {
    const first = await serve(pki.selfSignedA);
    const client = clientFor(first, { tls: { mode: 'pin', sha256: pki.selfSignedA.sha256 } });
    await client.getDashboard();
    const port = first.port;
    await first.close();
    const replaced = await serve(pki.selfSignedB, port);
    const before = requestLines.length;

    const error = await failure(client.getDashboard());
    await client.close();
    expect(replaced.port).toBe(port);
    expect(error.kind).toBe('TlsPinMismatch');
    expect(error.message).toContain("The server's certificate changed since you trusted it");
    expect(error.message).toContain('Do not continue unless your administrator replaced it.');
    expect(error).toMatchObject({ data: { certificate: { sha256: pki.selfSignedB.sha256 }, expected: pki.selfSignedA.sha256 } });
    expect(requestLines.length).toBe(before);
  });
});

describe('a custom CA', () => {
  it('accepts a server certificate the CA signed', async () => {
    const sim = await serve(pki.caSigned);
    const client = clientFor(sim, { tls: { mode: 'ca', caPem: pki.caPem } });
    await expect(client.getDashboard()).resolves.toHaveProperty('mediaservers');
    await client.close();
  });

  it('still refuses a self-signed certificate the CA did not sign', async () => {
    const sim = await serve(pki.selfSignedA);
    const client = clientFor(sim, { tls: { mode: 'ca', caPem: pki.caPem } });
    const error = await failure(client.getDashboard());
    await client.close();
    expect(error.kind).toBe('TlsUntrusted');
  });

  it('is refused with the system trust alone', async () => {
    const sim = await serve(pki.caSigned);
    const client = clientFor(sim);
    const error = await failure(client.getDashboard());
    await client.close();
    expect(error).toMatchObject({ kind: 'TlsUntrusted', data: { certificate: { sha256: pki.caSigned.sha256, selfSigned: false, issuer: 'CN=Watchdesk Test CA' } } });
  });
});

describe('the connection test on https', () => {
  it('reports an untrusted certificate on the TLS step and skips the rest', async () => {
    const sim = await serve(pki.selfSignedA);
    const client = clientFor(sim);
    const report = await client.testConnection();
    await client.close();
    expect(report.ok).toBe(false);
    expect(report.steps.map((s) => [s.name, s.ok])).toEqual([['DNS', true], ['TCP', true], ['TLS', false], ['HTTP', null], ['Token', null]]);
    expect(report.error).toMatchObject({ kind: 'TlsUntrusted', data: { certificate: { sha256: pki.selfSignedA.sha256 } } });
  });

  it('passes every step with the right pin', async () => {
    const sim = await serve(pki.selfSignedA);
    const client = clientFor(sim, { tls: { mode: 'pin', sha256: pki.selfSignedA.sha256 } });
    const report = await client.testConnection();
    await client.close();
    expect(report.ok).toBe(true);
    expect(report.steps.find((s) => s.name === 'TLS')?.message).toContain('pinned');
  });

  it('reports a pin mismatch on the TLS step', async () => {
    const sim = await serve(pki.selfSignedB);
    const client = clientFor(sim, { tls: { mode: 'pin', sha256: pki.selfSignedA.sha256 } });
    const report = await client.testConnection();
    await client.close();
    expect(report.error?.kind).toBe('TlsPinMismatch');
    expect(report.steps.find((s) => s.name === 'TLS')?.ok).toBe(false);
  });

  it('passes the TLS step with the custom CA', async () => {
    const sim = await serve(pki.caSigned);
    const client = clientFor(sim, { tls: { mode: 'ca', caPem: pki.caPem } });
    const report = await client.testConnection();
    await client.close();
    expect(report).toMatchObject({ ok: true });
    expect(report.steps.find((s) => s.name === 'TLS')?.message).toContain('CN=Watchdesk Test CA');
  });
});

describe('nothing is loosened globally', () => {
  it('a plain undici request elsewhere in the process still refuses the self-signed server', async () => {
    const sim = await serve(pki.selfSignedA);
    expect(process.env.NODE_TLS_REJECT_UNAUTHORIZED).toBeUndefined();
    await expect(request(`${sim.baseUrl}/api/admin/v1/dashboard`)).rejects.toMatchObject({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
  });
});
