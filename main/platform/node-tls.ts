import type tls from 'node:tls';

/**
 * Node's TLS module, loaded by the first TLS connection or trust check rather than when main loads: loading it sets
 * up OpenSSL's secure-context machinery, about 25 ms of CPU that every start paid before any server was contacted.
 */
export function nodeTls(): typeof tls {
  return process.getBuiltinModule('node:tls');
}
