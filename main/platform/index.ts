/** The platform API client: `createPlatformClient` per server profile, wire schemas, certificate inspection. */
export { createPlatformClient, type PlatformClient } from './client';
export { inspectCertificate } from './tls-trust';
export * from '../../preload/contract/wire/platform';
