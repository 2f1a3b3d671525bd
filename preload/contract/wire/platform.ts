/**
 * Wire schemas for every request and response of the platform API (docs/platform-api.md), one file per operation
 * under ./platform. Pure zod, no I/O: the IPC contract imports these.
 *
 * Responses are lenient in the ways the spec allows: unknown extra fields are kept (`loose`), members the spec marks
 * "not shown" are optional, "or null" is nullable. Requests are strict about what the spec does state (ranges,
 * shapes) and say nothing about what it does not (which camera fields are required is "not shown").
 */

export { timeZoneNamePattern } from './platform/shared';
export * from './platform/stream-token';
export * from './platform/api-token';
export * from './platform/user-bound-token';
export * from './platform/camera-create';
export * from './platform/camera-agent';
export * from './platform/dashboard';
export * from './platform/analytics-task';
// Connect screen shapes (TLS trust, certificate review, connection report) live in their own file.
export * from './connection';
