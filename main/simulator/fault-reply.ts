import type { FaultRule } from './fault-rules';
import { htmlErrorPage, type Reply } from './http/reply';

const GARBAGE = 'OK\u0000<<not json: simulated garbage from the platform>>';

function truncatableJson(): string {
  // Long enough that half of it is clearly incomplete JSON.
  return JSON.stringify({ message: 'Simulated response that will be cut in half.', padding: 'x'.repeat(256) });
}

/**
 * The answer a failure rule gives in place of the platform. Defaults (README "Faults"): html -> 500 page,
 * status -> JSON {message}, nonJson -> 200 garbage labelled application/json, truncate -> 200 JSON cut in half.
 */
export function faultReply(rule: FaultRule): Reply {
  const reply = baseReply(rule);
  if (!rule.headers) return reply;
  const extra = Object.fromEntries(Object.entries(rule.headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { ...reply, headers: { ...reply.headers, ...extra } };
}

function baseReply(rule: FaultRule): Reply {
  if (rule.html) {
    const status = rule.status ?? 500;
    return {
      status,
      headers: { 'content-type': rule.contentType ?? 'text/html; charset=utf-8' },
      body: rule.body ?? htmlErrorPage(status, 'Simulated failure.'),
    };
  }
  if (rule.nonJson) {
    return { status: rule.status ?? 200, headers: { 'content-type': rule.contentType ?? 'application/json' }, body: rule.body ?? GARBAGE };
  }
  if (rule.truncate) {
    return { status: rule.status ?? 200, headers: { 'content-type': rule.contentType ?? 'application/json' }, body: rule.body ?? truncatableJson() };
  }
  const status = rule.status ?? 500;
  return {
    status,
    headers: { 'content-type': rule.contentType ?? 'application/json' },
    body: rule.body ?? JSON.stringify({ message: `Simulated failure (${status}).` }),
  };
}
