/**
 * One event main pushes to the renderer: a name (`namespace.what`) and a payload type. The payload is a phantom:
 * events are produced by our own main process, so they are typed, not re-parsed. Keep payloads small and JSON.
 */
export interface EventChannel<P> {
  readonly __payload?: P;
}

/** `event<Payload>()`: declares an event next to a feature's channels (`export const <feature>Events = { ... }`). */
export function event<P>(): EventChannel<P> {
  return {};
}
