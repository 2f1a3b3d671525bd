import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeStoredCa, storedCaUnreadable } from '../../../main/profiles/ca-certificates';
import { caBundle } from '../../../main/platform/tls-trust';
import { createTestPki, type TestPki } from '../../support/test-pki';

let pki: TestPki;
let hostileCa: string;
const dir = mkdtempSync(path.join(tmpdir(), 'wd-stored-ca-'));

beforeAll(() => {
  pki = createTestPki();
  // A CA whose name carries a right-to-left override: shown as is, it would turn "valid until …" around after it.
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-utf8', '-days', '2',
    '-subj', '/CN=Corp\u202ERoot\u2066 CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-keyout', 'ca.key', '-out', 'ca.crt'], { cwd: dir, stdio: 'pipe' });
  hostileCa = readFileSync(path.join(dir, 'ca.crt'), 'utf8');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a CA a profile holds', () => {
  it('is named without direction controls taken from the certificate', () => {
    const [summary] = describeStoredCa(hostileCa);
    expect(summary!.commonName).toBe('CorpRoot CA');
    expect(summary!.subject).toBe('CN=CorpRoot CA');
  });

  it('is described the same on every call, with its expiry judged at the time of the call', () => {
    const now = new Date();
    const first = describeStoredCa(pki.caPem, now);
    expect(describeStoredCa(pki.caPem, now)).toEqual(first);
    expect(first[0]!.expired).toBe(false);
    const afterExpiry = new Date(new Date(first[0]!.validTo).getTime() + 1_000);
    expect(describeStoredCa(pki.caPem, afterExpiry)[0]!.expired).toBe(true);
  });

  it('is told unreadable when its text no longer holds certificates (edited by hand or damaged)', () => {
    const damaged = pki.caPem.replace(/(-----BEGIN CERTIFICATE-----\n)(.{8})/, '$1AAAAAAAA');
    expect(storedCaUnreadable(damaged)).toBe(true);
    expect(describeStoredCa(damaged)).toEqual([]);
    expect(storedCaUnreadable(pki.caPem)).toBe(false);
  });
});

describe('the trust of a profile with a custom CA', () => {
  it('is what a profile on the usual trust has, plus the CA', () => {
    const bundle = caBundle({ mode: 'ca', caPem: pki.caPem })!;
    expect(bundle).toEqual([...tls.getCACertificates('default'), pki.caPem]);
  });
});
