/** The platform API client: `createPlatformClient` per server profile, wire schemas, certificate inspection. */
export { createPlatformClient, type PlatformClient, type PlatformClientOptions, type CallOptions, type TokenResult } from './client';
export { inspectCertificate, type InspectOptions } from './tls-trust';
export type { RetryPolicy } from './transport';
export * from '../../preload/contract/wire/platform';
