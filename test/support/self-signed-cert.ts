import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SelfSignedCert {
  key: string;
  cert: string;
}

/**
 * A throwaway self-signed certificate for 127.0.0.1/localhost, made with the system's openssl, for tests that
 * need an https server (media servers often run with exactly such certificates).
 */
export function createSelfSignedCert(commonName = 'localhost'): SelfSignedCert {
  const dir = mkdtempSync(join(tmpdir(), 'watchdesk-cert-'));
  try {
    const keyPath = join(dir, 'key.pem');
    const certPath = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '2',
        '-keyout', keyPath, '-out', certPath,
        '-subj', `/CN=${commonName}`,
        '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
