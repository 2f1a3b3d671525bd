import dns from 'node:dns/promises';
import net from 'node:net';
import { nodeTls } from './node-tls';
import type { AppError } from '../../preload/contract/app-error';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { said, say } from '../shared/i18n';
import type { Said } from '../../preload/contract/said';
import { cancelled, failureFromStatus, htmlResponse, failureFromTransportError, looksLikeHtml, messages, pinMismatch, untrustedCertificate, type CallContext } from './errors';
import type { ConnectionReport, ConnectionStep, ConnectionStepName, TlsTrust } from '../../preload/contract/wire/platform';
import { caBundle, describeCertificate, normalizeFingerprint, PinMismatchError } from './tls-trust';
import { isTokenReadFailure, type Transport } from './transport';

/**
 * The Connect screen's "Test connection": one step at a time, so a person sees where it breaks: the name, the
 * port, the certificate, the HTTP server, the token. A failed step skips the ones after it.
 */

interface TestOptions {
  baseUrl: string;
  tls?: TlsTrust;
}

const checkPath = '/api/admin/v1/dashboard';

export async function runConnectionTest(transport: Transport, options: TestOptions, signal?: AbortSignal): Promise<ConnectionReport> {
  const url = new URL(options.baseUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const https = url.protocol === 'https:';
  const port = Number(url.port || (https ? 443 : 80));
  const ctx = transport.context({ method: 'GET', path: checkPath });
  const timeoutMs = transport.timeoutMs;

  const steps: ConnectionStep[] = [];
  let error: AppError | undefined;
  // Each step keeps how its sentence was said, so the card reads in the language shown, whichever it was tested in.
  const pass = (name: ConnectionStepName, told: Said): void => void steps.push({ name, ok: true, message: say(told), said: told });
  const skip = (name: ConnectionStepName, told: Said): void => void steps.push({ name, ok: null, message: say(told), said: told });
  const fail = (name: ConnectionStepName, failure: AppFailure): ConnectionReport => {
    const { message, said: told } = failure.appError;
    steps.push({ name, ok: false, message, ...(told ? { said: told } : {}) });
    error ??= failure.appError;
    const order: ConnectionStepName[] = ['DNS', 'TCP', 'TLS', 'HTTP', 'Token'];
    for (const later of order.slice(order.indexOf(name) + 1)) skip(later, said('errors.connectionTest.skipped'));
    return { ok: false, outcome: 'failed', steps, error };
  };
  const checkCancelled = (): void => {
    if (signal?.aborted) throw cancelled(ctx);
  };

  try {
    // DNS
    let address = host;
    if (net.isIP(host)) {
      pass('DNS', said('errors.connectionTest.dnsIp', { host }));
    } else {
      try {
        address = (await dns.lookup(host)).address;
        pass('DNS', said('errors.connectionTest.dnsFound', { host, address }));
      } catch (e) {
        checkCancelled();
        return fail('DNS', failureFromTransportError(ctx, e, 'request', timeoutMs));
      }
    }
    checkCancelled();

    // TCP
    try {
      await tcpProbe(address, port, timeoutMs, signal);
      pass('TCP', said('errors.connectionTest.tcpOpen', { port, address }));
    } catch (e) {
      checkCancelled();
      return fail('TCP', failureFromTransportError(ctx, e, 'request', timeoutMs));
    }
    checkCancelled();

    // TLS
    if (https) {
      try {
        pass('TLS', await tlsProbe(ctx, host, address, port, options.tls ?? { mode: 'system' }, timeoutMs));
      } catch (e) {
        return fail('TLS', isAppFailure(e) ? e : failureFromTransportError(ctx, e, 'request', timeoutMs));
      }
    } else {
      skip('TLS', said('errors.connectionTest.tlsPlain'));
    }
    checkCancelled();

    // HTTP and the token, in one request: the dashboard answers 401 without a valid token. The transport reads the
    // token ('if-stored': none is sent when none is stored) and the answer says whether one went out. Of a success
    // body only the start is read (an HTML page?), the rest not at all: a platform with 100,000 media servers answers
    // 60 MB, which the check neither needs to decode nor to hold.
    let response;
    try {
      response = await transport.send({ method: 'GET', operation: 'connectionTest', path: checkPath, auth: 'if-stored', signal, forbidden: messages.dashboardForbidden, headOnly: true });
    } catch (e) {
      const failure = isAppFailure(e) ? e : failureFromTransportError(ctx, e, 'request', timeoutMs);
      if (isTokenReadFailure(failure)) {
        skip('HTTP', said('errors.connectionTest.httpNotChecked'));
        return fail('Token', failure);
      }
      return fail('HTTP', failure);
    }
    if (looksLikeHtml(response.contentType, response.text) && response.status !== 401 && response.status !== 403) {
      return fail('HTTP', htmlResponse(ctx, response.status));
    }
    pass('HTTP', said('errors.connectionTest.httpAnswered', { status: response.status }));

    if (!response.sentToken) {
      skip('Token', said('errors.connectionTest.tokenNone'));
    } else if (response.status === 200) {
      pass('Token', said('errors.connectionTest.tokenAccepted'));
    } else {
      return fail('Token', response.redact(failureFromStatus(response.ctx, response.status, response.contentType, response.text, response.headers)));
    }
    // A skipped token step (none stored) is not a working connection: the summary must not say the token was accepted.
    return { ok: true, outcome: response.sentToken ? 'works' : 'incomplete', steps };
  } catch (e) {
    const failure = isAppFailure(e) ? e : new AppFailure('Internal', said('errors.platform.testStopped'));
    return { ok: false, outcome: 'failed', steps, error: failure.appError };
  }
}

function tcpProbe(address: string, port: number, timeoutMs: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: address, port });
    const finish = (error?: Error): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    const onAbort = (): void => finish(new Error('aborted'));
    const timer = setTimeout(() => finish(Object.assign(new Error(`no connection within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.once('connect', () => finish());
    socket.once('error', finish);
  });
}

/**
 * Looks at the certificate the way the client's connector will judge it, and says what it found. The socket is
 * closed as soon as the handshake is done; nothing is sent on it.
 */
function tlsProbe(ctx: CallContext, host: string, address: string, port: number, trust: TlsTrust, timeoutMs: number): Promise<Said> {
  return new Promise((resolve, reject) => {
    const ca = caBundle(trust);
    const socket = nodeTls().connect({
      host: address,
      port,
      ...(net.isIP(host) ? {} : { servername: host }),
      rejectUnauthorized: false,
      ALPNProtocols: ['http/1.1'],
      ...(ca ? { ca } : {}),
    });
    let settled = false;
    const finish = (error: unknown, message?: Said): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(message!);
    };
    const timer = setTimeout(() => finish(Object.assign(new Error(`no TLS handshake within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })), timeoutMs);
    socket.once('error', (e) => finish(e));
    socket.once('secureConnect', () => {
      const peer = socket.getPeerCertificate();
      if (!peer?.raw) {
        finish(new AppFailure('TlsUntrusted', said('errors.platform.noCertificate'), { details: 'empty peer certificate' }));
        return;
      }
      const certificate = describeCertificate(peer);
      if (trust.mode === 'pin') {
        const expected = normalizeFingerprint(trust.sha256) ?? trust.sha256;
        if (certificate.sha256 === expected) finish(null, said('errors.connectionTest.tlsPinned', { fingerprint: shortPrint(expected) }));
        else finish(pinMismatch(ctx, new PinMismatchError(certificate, expected)));
        return;
      }
      if (socket.authorized) {
        finish(null, said('errors.connectionTest.tlsTrusted', { subject: certificate.subject, issuer: certificate.issuer, date: certificate.validTo.slice(0, 10) }));
        return;
      }
      const code = typeof socket.authorizationError === 'string' ? socket.authorizationError : (socket.authorizationError as Error | null)?.message ?? 'UNTRUSTED';
      finish(untrustedCertificate(ctx, code, certificate));
    });
  });
}

function shortPrint(sha256: string): string {
  return `${sha256.slice(0, 11)}…${sha256.slice(-5)}`;
}
