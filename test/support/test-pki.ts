import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A key and certificate for a test server on 127.0.0.1, with the fingerprint a profile would pin. */
export interface TestCertificate {
  key: string;
  cert: string;
  sha256: string;
}

export interface TestPki {
  /** Two unrelated self-signed certificates, to play "the certificate changed". */
  selfSignedA: TestCertificate;
  selfSignedB: TestCertificate;
  /** A private CA and a server certificate it signed. */
  caPem: string;
  caSigned: TestCertificate;
}

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: 'pipe' });
}

function read(dir: string, name: string): string {
  return readFileSync(path.join(dir, name), 'utf8');
}

function certificate(dir: string, keyFile: string, certFile: string): TestCertificate {
  const cert = read(dir, certFile);
  return { key: read(dir, keyFile), cert, sha256: new X509Certificate(cert).fingerprint256 };
}

const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** Generates short-lived test certificates with the system openssl, in a temporary folder that is removed. */
export function createTestPki(): TestPki {
  const dir = mkdtempSync(path.join(tmpdir(), 'watchdesk-pki-'));
  try {
    for (const name of ['a', 'b']) {
      openssl(['req', '-x509', ...ec, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', `${name}.key`, '-out', `${name}.crt`], dir);
    }
    openssl(['req', '-x509', ...ec, '-days', '2', '-subj', '/CN=Watchdesk Test CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign', '-keyout', 'ca.key', '-out', 'ca.crt'], dir);
    openssl(['req', '-new', ...ec, '-subj', '/CN=127.0.0.1', '-keyout', 'srv.key', '-out', 'srv.csr'], dir);
    writeFileSync(path.join(dir, 'srv.ext'), 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
    openssl(['x509', '-req', '-in', 'srv.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2', '-extfile', 'srv.ext', '-out', 'srv.crt'], dir);
    return {
      selfSignedA: certificate(dir, 'a.key', 'a.crt'),
      selfSignedB: certificate(dir, 'b.key', 'b.crt'),
      caPem: read(dir, 'ca.crt'),
      caSigned: certificate(dir, 'srv.key', 'srv.crt'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A self-signed CA that expired in 2020 (openssl ca sets past dates; req -x509 cannot), for the expired-CA checks. */
export function createExpiredCa(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'watchdesk-expired-ca-'));
  try {
    writeFileSync(
      path.join(dir, 'ca.cnf'),
      '[ca]\ndefault_ca = d\n[d]\ndatabase = index.txt\nnew_certs_dir = .\nserial = serial\ndefault_md = sha256\npolicy = p\nx509_extensions = ext\n[p]\ncommonName = supplied\n[ext]\nbasicConstraints = critical,CA:TRUE\nkeyUsage = critical,keyCertSign,cRLSign\n',
    );
    writeFileSync(path.join(dir, 'index.txt'), '');
    writeFileSync(path.join(dir, 'serial'), '01\n');
    openssl(['req', '-new', ...ec, '-subj', '/CN=Expired Test CA', '-keyout', 'old.key', '-out', 'old.csr'], dir);
    openssl(['ca', '-batch', '-config', 'ca.cnf', '-selfsign', '-keyfile', 'old.key', '-in', 'old.csr', '-startdate', '20200101000000Z', '-enddate', '20200201000000Z', '-notext', '-out', 'old.crt'], dir);
    return read(dir, 'old.crt');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
