import { describe, expect, it } from 'vitest';
import { lookupFailure } from '../../../main/agents/agent-errors';
import { rpcFailure, type CallContext } from '../../../main/platform/errors';
import { AppFailure } from '../../../main/shared/app-failure';
import { toAppError } from '../../../main/ipc/registry';
import { registerSecret, scrubValue } from '../../../main/shared/secret-scrub';

const ctx: CallContext = { method: 'POST', path: '/api/v1/stream', host: 'vms.example:443', rpcMethod: 'get_stream_token' };
const token = 'wdtok_' + 'k9Zq3'.repeat(24);
registerSecret(token);

/** What leaves main for the page: the registry's value, scrubbed as it is at the door. */
const crossing = (error: unknown) => JSON.stringify(scrubValue(toAppError(error, 'test.channel')));

/**
 * A server that echoes the caller's token in its error text, placed so that a sentence's cut falls inside it: the
 * start of the token must not be what is quoted (the door masks whole tokens only).
 */
describe('a token echoed where a quoted server text is cut', () => {
  it('in a JSON-RPC refusal', () => {
    for (const at of [100, 150, 159, 250, 290]) {
      const message = `${'x'.repeat(at)}${token} is not valid`;
      const failure = rpcFailure(ctx, 200, { jsonrpc: '2.0', id: 1, error: { code: -32000, message } })!;
      const out = crossing(failure);
      expect(out).not.toContain(token.slice(0, 16));
      expect(out).toContain('[redacted]');
    }
  });

  it("in a look-up's 422 reason", () => {
    for (const at of [450, 490, 499]) {
      const refused = new AppFailure('Validation', 'The server refused the values.', { fieldErrors: { agent_id: [`${'y'.repeat(at)}${token}`] } });
      const out = crossing(lookupFailure(refused, '7'));
      expect(out).not.toContain(token.slice(0, 16));
    }
  });
});
