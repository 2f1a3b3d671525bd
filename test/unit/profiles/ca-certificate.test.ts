import { describe, expect, it, beforeAll } from 'vitest';
import { X509Certificate } from 'node:crypto';
import { caPemSchema, caTextFromFile, checkCaPem, MAX_CA_FILE_BYTES } from '../../../preload/contract/wire/ca-certificate';
import { profileInputSchema } from '../../../preload/contract/wire/profile';
import { CaRefused, readCaCertificates, readCaFile } from '../../../main/profiles/ca-certificates';
import { issueMessage } from '../../../main/shared/zod-errors';
import { createTestPki, type TestPki } from '../../support/test-pki';

let pki: TestPki;
beforeAll(() => {
  pki = createTestPki();
});

/** What main says next to the field for a CA text (the schema's check, then X.509). */
function refusal(text: string): string {
  try {
    readCaCertificates(text);
  } catch (error) {
    if (error instanceof CaRefused) return error.sentence;
    throw error;
  }
  return 'accepted';
}

describe('a CA certificate pasted as PEM', () => {
  it('accepts one certificate and says whom it names and until when', () => {
    const { caPem, certificates } = readCaCertificates(pki.caPem);
    expect(certificates).toEqual([
      {
        commonName: 'Watchdesk Test CA',
        subject: 'CN=Watchdesk Test CA',
        validTo: new Date(new X509Certificate(pki.caPem).validTo).toISOString(),
        expired: false,
        sha256: new X509Certificate(pki.caPem).fingerprint256,
      },
    ]);
    // Kept canonical: the block itself, re-wrapped, nothing around it.
    expect(caPem).toBe(pki.caPem.replace(/\r\n/g, '\n'));
  });

  it('accepts two certificates (a bundle), with the text around and between the blocks left out', () => {
    const bundle = `# Site CA\n${pki.caPem}\nsubject=CN = 127.0.0.1\n${pki.selfSignedA.cert}\n\n`;
    const { caPem, certificates } = readCaCertificates(bundle);
    expect(certificates.map((c) => c.commonName)).toEqual(['Watchdesk Test CA', '127.0.0.1']);
    expect(caPem).toBe(`${pki.caPem}${pki.selfSignedA.cert}`);
    expect(caPem).not.toContain('#');
  });

  it('accepts a block whose lines were re-wrapped or indented by a mail client', () => {
    const body = pki.caPem.split('\n').slice(1, -2).join('');
    const mangled = `  -----BEGIN CERTIFICATE-----\r\n  ${body.slice(0, 100)}\r\n  ${body.slice(100)}\r\n  -----END CERTIFICATE-----  `;
    expect(readCaCertificates(mangled).caPem).toBe(pki.caPem);
  });

  it('says when the CA has expired', () => {
    const later = new Date(Date.now() + 10 * 24 * 3600 * 1000);
    expect(readCaCertificates(pki.caPem, later).certificates[0]!.expired).toBe(true);
  });

  it('refuses garbage with a sentence that says what to paste', () => {
    expect(refusal('hello, this is my certificate')).toBe(
      'This is not a PEM certificate. Paste the text that starts with -----BEGIN CERTIFICATE----- (open the .pem or .crt file in a text editor), or choose the file.',
    );
    expect(refusal('/etc/ssl/certs/my-ca.pem')).toMatch(/^This is not a PEM certificate\./);
  });

  it('refuses a private key pasted instead of the certificate, even next to one, without keeping it', () => {
    for (const text of [pki.caSigned.key, `${pki.caPem}${pki.caSigned.key}`, pki.caSigned.key.replace(/PRIVATE KEY/g, 'EC PRIVATE KEY')]) {
      expect(refusal(text)).toBe(
        'This is a private key, not a certificate. Paste the CA certificate (it starts with -----BEGIN CERTIFICATE-----); the key was not kept and should stay secret.',
      );
      expect(checkCaPem(text)).toEqual({ ok: false, problem: { key: 'validation.connect.caPemPrivateKey' } });
    }
  });

  it('refuses an empty field', () => {
    for (const text of ['', '   \n\t']) {
      expect(refusal(text)).toBe('Paste the CA certificate (the text from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----) or choose its file.');
    }
  });

  it('names the certificate that was cut off or damaged', () => {
    const cut = `${pki.caPem}${pki.selfSignedA.cert.slice(0, 200)}`;
    expect(refusal(cut)).toBe('Certificate 2 is cut off: its -----END CERTIFICATE----- line is missing. Copy it again whole.');
    const damaged = pki.caPem.replace(/\n([A-Za-z0-9+/]{10})/, '\n$1!?');
    expect(refusal(damaged)).toBe('Certificate 1 is damaged (its text was changed or cut short). Copy it again whole.');
  });

  it('refuses other PEM blocks (a certificate request, a public key) by name', () => {
    const request = '-----BEGIN CERTIFICATE REQUEST-----\nMIIBVTCB/QIBADAbMRkwFwYDVQQDDBB3YXRjaGRlc2suZXhhbXBsZTBZ\n-----END CERTIFICATE REQUEST-----\n';
    expect(refusal(request)).toBe('This holds a “CERTIFICATE REQUEST”, not a certificate. Paste the CA certificate: it starts with -----BEGIN CERTIFICATE-----.');
  });

  it('refuses well-formed base64 that is not an X.509 certificate (checked in main)', () => {
    const fake = `-----BEGIN CERTIFICATE-----\n${Buffer.from('not a certificate at all, only text'.repeat(3)).toString('base64')}\n-----END CERTIFICATE-----\n`;
    expect(checkCaPem(fake).ok).toBe(true);
    expect(refusal(`${pki.caPem}${fake}`)).toMatch(/^Certificate 2 is not a readable X\.509 certificate/);
  });

  it('stays linear on a huge paste of unterminated blocks', () => {
    const text = '-----BEGIN CERTIFICATE-----\nAAAA'.repeat(10_000);
    expect(checkCaPem(text)).toEqual({ ok: false, problem: { key: 'validation.connect.caPemCut', values: { number: 1 } } });
    expect(checkCaPem('x'.repeat(600 * 1024))).toEqual({ ok: false, problem: { key: 'validation.connect.caPemTooLong' } });
  });
});

describe('the profile schema keeps the CA as text', () => {
  it('stores the canonical PEM and refuses a path or a key next to the field', () => {
    expect(profileInputSchema.parse({ name: 'A', baseUrl: 'https://a.example.com', tls: { mode: 'ca', caPem: `\n${pki.caPem}\n` } }).tls).toEqual({ mode: 'ca', caPem: pki.caPem });
    const refused = profileInputSchema.safeParse({ name: 'A', baseUrl: 'https://a.example.com', tls: { mode: 'ca', caFile: '/etc/ssl/ca.pem' } });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((issue) => [issue.path.join('.'), issueMessage(issue)])).toEqual([
      ['tls.caPem', 'Paste the CA certificate (the text from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----) or choose its file.'],
    ]);
    expect(caPemSchema.safeParse(pki.caSigned.key).success).toBe(false);
  });
});

describe('a chosen certificate file', () => {
  it('reads a PEM file as it is and a DER file as one certificate', () => {
    expect(readCaFile(new TextEncoder().encode(pki.caPem))!.certificates[0]!.commonName).toBe('Watchdesk Test CA');
    const der = new X509Certificate(pki.caPem).raw;
    expect(caTextFromFile(new Uint8Array(der))).toBe(pki.caPem);
    expect(readCaFile(new Uint8Array(der))!.caPem).toBe(pki.caPem);
  });

  it('says a file that is neither PEM nor DER (or empty, or too large) is no certificate file', () => {
    expect(caTextFromFile(new TextEncoder().encode('just some notes'))).toBeNull();
    expect(caTextFromFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(40).fill(0)]))).toBeNull();
    expect(caTextFromFile(new Uint8Array())).toBeNull();
    expect(caTextFromFile(new Uint8Array(MAX_CA_FILE_BYTES + 1).fill(0x41))).toBeNull();
  });
});
