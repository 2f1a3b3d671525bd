import type { WatchRule } from './agents-rules';
import { durationInWords } from './duration-words';
import type { MessageKey, MessageValues } from './messages';

/**
 * The catalog key and values that put a watch rule in words ("storage over 95%"), in the caller's language through its
 * `t`: the page's screens and main's notifications name a rule the same way, never by its id.
 */
export function ruleWords(
  rule: WatchRule,
  t: (key: MessageKey, values?: MessageValues) => string,
): { key: `agents.rules.${WatchRule['kind']}`; values: Record<string, string | number> } {
  switch (rule.kind) {
    case 'offline':
      return { key: 'agents.rules.offline', values: { duration: durationInWords(rule.minutes, t) } };
    case 'storage':
      return { key: 'agents.rules.storage', values: { percent: rule.percent } };
    case 'version':
      return { key: 'agents.rules.version', values: { expected: rule.expected } };
    case 'stream':
      return { key: 'agents.rules.stream', values: {} };
    case 'diskFull':
      return { key: 'agents.rules.diskFull', values: { days: rule.days } };
  }
}
