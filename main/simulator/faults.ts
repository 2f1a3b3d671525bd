import type { z } from 'zod';
import { mulberry32, type RandomSource } from './prng';
import { faultRuleSchema, type FaultRule } from './fault-rules';
import { withoutTrailingSlash } from './http/request';

interface ActiveRule {
  rule: FaultRule;
  /** `rule.path` without a trailing slash, compared with the request's path, which has none either. */
  pathPrefix: string;
  /** Remaining applications, or Infinity when `times` was not given. */
  remaining: number;
}

/** The fault knobs; the same object backs `RunningSimulator.faults` and the /_sim/faults hook. */
export interface FaultController {
  /** Validates and appends a rule; throws a ZodError for a malformed rule. */
  add(rule: FaultRule): void;
  /** Removes every rule and rewinds the probability RNG, so a run repeats after clear(). */
  clear(): void;
  /** The rules still active, with how many applications each has left (null = unlimited). */
  list(): Array<FaultRule & { remaining: number | null }>;
}

/** Seeded fault matching: `probability` draws from its own PRNG so repeated runs fire on the same requests. */
export class FaultEngine implements FaultController {
  private rules: ActiveRule[] = [];
  private random: RandomSource;

  constructor(private readonly seed: number) {
    this.random = mulberry32(seed ^ 0x5eed_fa17);
  }

  add(rule: FaultRule): void {
    const error = this.tryAdd(rule);
    if (error) throw error;
  }

  /**
   * Validates `input` as a rule and appends it; answers the ZodError of a malformed rule instead of throwing, so
   * the /_sim/faults hook can turn it into field errors without validating the rule a second time.
   */
  tryAdd(input: unknown): z.ZodError | undefined {
    const parsed = faultRuleSchema.safeParse(input);
    if (!parsed.success) return parsed.error;
    const rule = parsed.data;
    this.rules.push({ rule, pathPrefix: withoutTrailingSlash(rule.path), remaining: rule.times ?? Number.POSITIVE_INFINITY });
    return undefined;
  }

  clear(): void {
    this.rules = [];
    this.random = mulberry32(this.seed ^ 0x5eed_fa17);
  }

  list(): Array<FaultRule & { remaining: number | null }> {
    return this.rules.map(({ rule, remaining }) => ({ ...rule, remaining: Number.isFinite(remaining) ? remaining : null }));
  }

  /**
   * The rule that applies to this request, if any, consuming one of its `times`. `path` is the request's path
   * without a trailing slash; a rule's path is compared the same way, so `/api/auth/token/api/` also catches
   * `/api/auth/token/api`. A rule with a probability draws once per matching request; a miss neither fires nor
   * consumes.
   */
  take(method: string, path: string): FaultRule | undefined {
    if (this.rules.length === 0) return undefined;
    for (const active of this.rules) {
      const { rule } = active;
      if (rule.method !== undefined && rule.method.toUpperCase() !== method) continue;
      if (!path.startsWith(active.pathPrefix)) continue;
      if (rule.probability !== undefined && this.random() >= rule.probability) continue;
      active.remaining -= 1;
      if (active.remaining <= 0) this.rules = this.rules.filter((r) => r !== active);
      return rule;
    }
    return undefined;
  }
}
