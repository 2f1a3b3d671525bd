import net from 'node:net';
import type tls from 'node:tls';
import { nodeTls } from './node-tls';
import { X509Certificate } from 'node:crypto';
import { buildConnector } from 'undici';
import { normalizeFingerprint, type CertificateInfo, type TlsTrust } from '../../preload/contract/wire/platform';

export { normalizeFingerprint };

/**
 * How a profile trusts its server's certificate. Verification is never switched off for the process: each client
 * gets its own connector, and only the pin connector skips chain validation, because it replaces it with an exact
 * fingerprint comparison made before a single byte of the request is written.
 */

/** Thrown by the pin connector when the leaf certificate is not the pinned one. Mapped to TlsPinMismatch. */
export class PinMismatchError extends Error {
  readonly code = 'WATCHDESK_TLS_PIN_MISMATCH';
  constructor(
    readonly certificate: CertificateInfo,
    readonly expected: string,
  ) {
    super(`certificate fingerprint ${certificate.sha256} does not match pinned ${expected}`);
    this.name = 'PinMismatchError';
  }
}

/** Reads what a person needs to decide about a certificate. */
export function describeCertificate(peer: tls.PeerCertificate): CertificateInfo {
  const x509 = new X509Certificate(peer.raw);
  let selfSigned: boolean;
  try {
    selfSigned = x509.checkIssued(x509) && x509.verify(x509.publicKey);
  } catch {
    selfSigned = false;
  }
  return {
    sha256: x509.fingerprint256,
    subject: oneLine(x509.subject),
    issuer: oneLine(x509.issuer),
    validFrom: new Date(x509.validFrom).toISOString(),
    validTo: new Date(x509.validTo).toISOString(),
    selfSigned,
    ...(x509.subjectAltName ? { subjectAltName: x509.subjectAltName } : {}),
  };
}

function oneLine(distinguishedName: string): string {
  return distinguishedName.split('\n').filter(Boolean).join(', ');
}

/**
 * The CA set of a profile in `ca` mode: the same authorities a profile in `system` mode trusts (Node's default store,
 * with NODE_EXTRA_CA_CERTS and the OS store where Node is told to use it) plus the administrator's CA.
 */
export function caBundle(trust: TlsTrust): string[] | undefined {
  if (trust.mode !== 'ca') return undefined;
  const node = nodeTls();
  const defaults = typeof node.getCACertificates === 'function' ? node.getCACertificates('default') : node.rootCertificates;
  return [...defaults, trust.caPem];
}

export interface ConnectorOptions {
  trust: TlsTrust;
  timeoutMs: number;
}

/** The undici connector for one client. */
export function createConnector({ trust, timeoutMs }: ConnectorOptions): buildConnector.connector {
  if (trust.mode !== 'pin') {
    const ca = caBundle(trust);
    return buildConnector({ timeout: timeoutMs, allowH2: false, ...(ca ? { ca } : {}) });
  }

  // A pin that is not a fingerprint matches no certificate.
  const expected = normalizeFingerprint(trust.sha256) ?? trust.sha256;
  // Chain validation is replaced by the fingerprint check below. Session resumption is off so that every
  // connection presents its certificate and is checked again.
  const inner = buildConnector({
    timeout: timeoutMs,
    allowH2: false,
    rejectUnauthorized: false,
    maxCachedSessions: 0,
  });
  return (options, callback) => {
    inner(options, (error, socket) => {
      if (error || !socket) {
        callback(error ?? new Error('connection failed'), null);
        return;
      }
      const peer = 'getPeerCertificate' in socket ? socket.getPeerCertificate() : undefined;
      if (!peer || !peer.raw) {
        socket.destroy();
        callback(new Error('the server presented no certificate'), null);
        return;
      }
      if (peer.fingerprint256 !== expected) {
        const certificate = describeCertificate(peer);
        socket.destroy();
        callback(new PinMismatchError(certificate, expected), null);
        return;
      }
      callback(null, socket);
    });
  };
}

/** TLS error codes that mean "the certificate is not trusted" (as opposed to a network failure). */
const untrustedCodes = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_CHAIN_TOO_LONG',
  'INVALID_CA',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

export function isUntrustedCertificateCode(code: string | undefined): boolean {
  return code !== undefined && untrustedCodes.has(code);
}

export interface InspectOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Fetches the server's leaf certificate for review ("pin this certificate?"). The connection is opened with chain
 * validation off for the sole purpose of reading the certificate, and closed at once: no data is ever sent on it.
 */
export function inspectCertificate(baseUrl: string, options: InspectOptions = {}): Promise<CertificateInfo> {
  const url = new URL(baseUrl);
  if (url.protocol !== 'https:') return Promise.reject(new Error(`${url.protocol} address has no certificate`));
  const port = Number(url.port || 443);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const timeoutMs = options.timeoutMs ?? 10_000;

  return new Promise<CertificateInfo>((resolve, reject) => {
    let settled = false;
    const socket = nodeTls().connect({
      host,
      port,
      ...(net.isIP(host) ? {} : { servername: host }),
      rejectUnauthorized: false,
      ALPNProtocols: ['http/1.1'],
    });
    const finish = (error: Error | null, info?: CertificateInfo): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      if (error) reject(error);
      else resolve(info!);
    };
    const onAbort = (): void => finish(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    const timer = setTimeout(
      () => finish(Object.assign(new Error(`no TLS handshake within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })),
      timeoutMs,
    );
    options.signal?.addEventListener('abort', onAbort, { once: true });
    socket.once('secureConnect', () => {
      const peer = socket.getPeerCertificate();
      if (!peer || !peer.raw) finish(new Error('the server presented no certificate'));
      else finish(null, describeCertificate(peer));
    });
    socket.once('error', (error) => finish(error));
  });
}
