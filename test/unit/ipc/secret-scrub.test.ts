import { describe, expect, it } from 'vitest';
import { registerSecret, scrubText, scrubValue } from '../../../main/shared/secret-scrub';
import { createRegistry, type Handlers } from '../../../main/ipc/registry';
import { AppFailure } from '../../../main/shared/app-failure';
import { log } from '../../../main/shared/log';

const secret = 'api-secret-6f1d2c9b8a7e';
registerSecret(secret);

describe('secret scrubbing at the boundary', () => {
  it('masks a registered secret and any ?token= value in text', () => {
    expect(scrubText(`Bearer ${secret}`)).toBe('Bearer [redacted]');
    expect(scrubText('GET /live/cam?token=abc123&x=1')).toBe('GET /live/cam?token=[redacted]&x=1');
    expect(scrubText('nothing secret here')).toBe('nothing secret here');
  });

  it('returns the same object when nothing needs masking, a scrubbed copy otherwise', () => {
    const clean = { a: ['x', { b: 'y' }] };
    expect(scrubValue(clean)).toBe(clean);
    const dirty = { a: ['x', { b: `y ${secret}` }], [secret]: 1 };
    const scrubbed = scrubValue(dirty);
    expect(JSON.stringify(scrubbed)).not.toContain(secret);
    expect(dirty.a[1]).toEqual({ b: `y ${secret}` });
  });

  it('the registry scrubs every field of a failure and API tokens from values, but keeps ?token= in values', async () => {
    const handlers = new Proxy({} as Handlers, {
      get: (_t, name: string) => () => {
        if (name === 'tokens.create') {
          throw new AppFailure('RpcError', `refused ${secret}`, {
            fieldErrors: { stream: [`no ${secret}`] },
            details: `GET /x?token=${secret}`,
            data: { rpcCode: -32001, rpcMessage: `echo ${secret}` },
          });
        }
        return { playbackUrl: 'https://h/live/s?token=st_stream_token', leaked: secret };
      },
    });
    const registry = createRegistry(handlers, { isTrustedSender: () => true });
    const failed = await registry.call('tokens.create', { stream: 'cam-1', live: true, ttl: 60 }, { transport: 'test' });
    expect(JSON.stringify(failed)).not.toContain(secret);
    const ok = await registry.call('tokens.history', undefined, { transport: 'test' });
    expect(ok).toEqual({ ok: true, value: { playbackUrl: 'https://h/live/s?token=st_stream_token', leaked: '[redacted]' } });
  });

  it('masks every registered secret, whatever characters it holds, wherever it sits in a value', () => {
    // A second and third secret: one made of characters that mean something in a pattern, one longer than the first.
    const odd = 'k.e*y+(1)[2]{3}|^$\\/?';
    const long = `vault-data-key-${'z'.repeat(40)}`;
    registerSecret(odd);
    registerSecret(long);
    expect(scrubText(`x${odd}y`)).toBe('x[redacted]y');
    expect(scrubText('k.e*y+(1)[2]{3}|^$\\/')).toBe('k.e*y+(1)[2]{3}|^$\\/');
    const rows = Array.from({ length: 50 }, (_, i) => ({ index: i, state: 'ok', token: `t-${i}`, error: null as string | null, rev: i }));
    rows[20]!.token = secret;
    rows[30]!.error = `server said ${long}`;
    (rows[40] as Record<string, unknown>)[odd] = 1;
    const answer = { id: 'b1', counts: { ok: 50 }, rows };
    const scrubbed = scrubValue(answer, { queryTokens: false });
    const text = JSON.stringify(scrubbed);
    for (const s of [secret, odd, long]) expect(text).not.toContain(JSON.stringify(s).slice(1, -1));
    expect(scrubbed.rows[20]!.token).toBe('[redacted]');
    expect(scrubbed.rows[30]!.error).toBe('server said [redacted]');
    expect(scrubbed.rows[10]).toBe(rows[10]);
    // A string exactly a secret, and short keys and values beside it, in an array.
    expect(scrubValue(['ok', 7, null, secret], { queryTokens: false })).toEqual(['ok', 7, null, '[redacted]']);
    // Short `?token=` values are still masked in failures, where every string is scrubbed.
    expect(scrubValue({ u: '?token=a' })).toEqual({ u: '?token=[redacted]' });
  });

  it('the log masks registered secrets and ?token= values', () => {
    const lines: string[] = [];
    log.setSink((line) => lines.push(line));
    log.warn('test', `sent ${secret} to https://h/x?token=qwerty123`);
    log.setSink((line) => process.stderr.write(line + '\n'));
    expect(lines.join('\n')).not.toContain(secret);
    expect(lines.join('\n')).not.toContain('qwerty123');
  });
});

describe('values nested deeper than any real answer', () => {
  /** `{ "x": { "x": … { "x": leaf } } }`, `depth` levels, built without recursion. */
  function nested(depth: number, leaf: unknown): unknown {
    let value: unknown = leaf;
    for (let i = 0; i < depth; i++) value = i % 2 ? { x: value } : [value];
    return value;
  }

  function leafOf(value: unknown): unknown {
    let current = value;
    while (current !== null && typeof current === 'object') current = Array.isArray(current) ? current[0] : (current as { x: unknown }).x;
    return current;
  }

  it('scrubs a value 200,000 levels deep without overflowing the stack', () => {
    const deep = nested(200_000, `leak ${secret}`);
    const scrubbed = scrubValue(deep);
    expect(leafOf(scrubbed)).toBe('leak [redacted]');
    expect(leafOf(deep)).toBe(`leak ${secret}`);
  });

  it('returns a deep value unchanged when nothing in it is secret', () => {
    const deep = nested(200_000, 'plain');
    expect(scrubValue(deep)).toBe(deep);
  });

  it('masks keys and array members found below the recursion limit as above it', () => {
    const deep = nested(100, { [secret]: [1, `a ${secret}`] });
    expect(JSON.stringify(scrubValue(deep))).not.toContain(secret);
    expect(JSON.stringify(scrubValue(deep))).toContain('[redacted]');
  });
});
