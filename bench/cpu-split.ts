// Where the CPU of a round goes, read from /proc: this process's main thread, its other threads (V8's collector and
// compiler workers, libuv's pool), and its descendant processes by kind (the simulator child, Chromium). On a 2-core
// machine a round's wall time is bounded by what all of them use, so a ratio that moves is explained here.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

export type CpuSplit = Record<string, number>;

function ticksOf(statPath: string): { comm: string; ppid: number; ms: number } | null {
  try {
    const stat = readFileSync(statPath, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    // Fields after the name: state, ppid, …, utime (12th), stime (13th).
    return { comm: stat.slice(stat.indexOf('(') + 1, close), ppid: Number(fields[1]), ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND };
  } catch {
    return null; // ended meanwhile
  }
}

function kindOf(pid: number): string {
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return 'other';
  }
  if (cmdline.includes('simulator-child')) return 'simulator';
  if (cmdline.includes('chrom')) return 'chromium';
  return 'other';
}

/** CPU used so far (ms) by this process's main thread ('main'), its other threads ('main: threads') and descendants by kind. */
export function cpuNow(): CpuSplit {
  const split: CpuSplit = { main: 0, 'main: threads': 0 };
  for (const tid of readdirSync(`/proc/${process.pid}/task`)) {
    const thread = ticksOf(`/proc/${process.pid}/task/${tid}/stat`);
    const part = Number(tid) === process.pid ? 'main' : 'main: threads';
    if (thread) split[part] = (split[part] ?? 0) + thread.ms;
  }
  const parents = new Map<number, number>();
  const used = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const proc = ticksOf(`/proc/${pid}/stat`);
    if (!proc) continue;
    parents.set(pid, proc.ppid);
    used.set(pid, proc.ms);
  }
  for (const [pid, ms] of used) {
    if (pid === process.pid) continue;
    let p: number | undefined = parents.get(pid);
    while (p !== undefined && p > 1 && p !== process.pid) p = parents.get(p);
    if (p !== process.pid) continue;
    // A process's own times (children that ended are not counted: a round's processes outlive it).
    const kind = kindOf(pid);
    split[kind] = (split[kind] ?? 0) + ms;
  }
  return split;
}

/** What `after` used beyond `before`, per part. */
export function cpuSince(before: CpuSplit, after: CpuSplit = cpuNow()): CpuSplit {
  const spent: CpuSplit = {};
  for (const [part, ms] of Object.entries(after)) spent[part] = ms - (before[part] ?? 0);
  return spent;
}

/** Each part's median over `rounds`, as `part ms, part ms` (/proc's ticks are 10 ms: medians of whole rounds). */
export function cpuMedians(rounds: readonly CpuSplit[], median: (values: number[]) => number): string {
  const parts = [...new Set(rounds.flatMap((round) => Object.keys(round)))];
  return parts.map((part) => `${part} ${Math.round(median(rounds.map((round) => round[part] ?? 0)))}`).join(', ');
}
