import { z } from 'zod';

/**
 * One injected fault. A rule matches a request by method (optional, case-insensitive) and by a prefix of the
 * URL pathname; the first matching rule that fires wins. See README "Faults" for what each knob does.
 */
export const faultRuleSchema = z.strictObject({
  method: z.string().min(1).optional(),
  path: z.string().startsWith('/'),
  latencyMs: z.int().min(0).max(600_000).optional(),
  status: z.int().min(100).max(599).optional(),
  body: z.string().optional(),
  contentType: z.string().min(1).optional(),
  html: z.boolean().optional(),
  truncate: z.boolean().optional(),
  nonJson: z.boolean().optional(),
  drop: z.boolean().optional(),
  /** The handler runs (a camera is created, a token issued), then the socket is destroyed without an answer. */
  dropAfter: z.boolean().optional(),
  slowBodyMs: z.int().min(1).max(600_000).optional(),
  probability: z.number().min(0).max(1).optional(),
  times: z.int().min(1).optional(),
});
export type FaultRule = z.infer<typeof faultRuleSchema>;

/**
 * A rule "fails" the request when it answers in place of the platform. Such requests never reach a handler,
 * so they have no side effects. Latency and slow bodies only delay a genuine answer.
 */
export function isFailureRule(rule: FaultRule): boolean {
  return (
    rule.status !== undefined ||
    rule.body !== undefined ||
    rule.html === true ||
    rule.truncate === true ||
    rule.nonJson === true ||
    rule.drop === true
  );
}
