import { spawn } from 'node:child_process';

export interface ChildRun {
  /** It printed DONE: it ran to its end. */
  done: boolean;
  killed: boolean;
  /** Everything it printed, stdout and stderr. */
  output: string;
  /** Its whole lines (a line cut by the kill is left out). */
  lines: string[];
}

/**
 * Runs a bundled child script to its end, or kills it with SIGKILL (no cleanup, like a power cut) `killAfterMs` after
 * it printed READY, so that every kill lands in the work it does after opening its data. With `notBefore`, a kill that
 * falls due before `notBefore()` holds waits until it does (asked every 5 ms), e.g. until the child's sends reach the
 * server: on a busy machine the work before that can outlast every delay, and all kills would land there.
 */
export function runOrKill(script: string, args: string[], killAfterMs: number | null, notBefore: () => boolean = () => true): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, WATCHDESK_LOG: 'silent' } });
    let output = '';
    let timer: NodeJS.Timeout | null = null;
    const killOnce = () => {
      if (notBefore()) child.kill('SIGKILL');
      else timer = setTimeout(killOnce, 5);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (killAfterMs !== null && timer === null && output.includes('READY')) timer = setTimeout(killOnce, killAfterMs);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    // 'close', not 'exit': the child's last lines may still be in the pipe when it has exited.
    child.on('close', (_code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ done: output.includes('DONE'), killed: signal === 'SIGKILL', output, lines: output.split('\n').slice(0, -1) });
    });
  });
}
