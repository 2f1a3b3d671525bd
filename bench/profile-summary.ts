// What the profile scripts (bench/outbox-profile.ts, bench/token-batch-profile.ts) print from a CPU profile, a heap
// sampling profile and V8's precise coverage: time and bytes per unit of work, by area and by function, and the
// operations one round makes. Not a figure: these scripts are run by hand.
import crypto from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import type { HeapProfiler, Profiler, Session } from 'node:inspector/promises';
import { join } from 'node:path';

/** The part of the code a profile sample is in: zod, undici, a folder of main/ or preload/, a Node internal. */
export function areaOf(url: string, name: string): string {
  if (name === '(garbage collector)') return 'gc';
  if (name === '(idle)' || name === '(program)' || name === '(root)') return name;
  if (url.includes('/node_modules/zod/')) return 'zod';
  if (url.includes('/node_modules/undici/')) return 'undici';
  if (url.includes('/node_modules/papaparse/')) return 'papaparse';
  if (url.includes('/node_modules/')) return 'other deps';
  const own = /\/(main|preload|bench)\/(.+)$/.exec(url);
  if (own) return own[1] === 'bench' ? 'bench' : own[2]!.split('/').slice(0, -1).join('/') || own[2]!;
  if (url.startsWith('node:')) return url.replace(/^node:internal\//, 'node:').split('/').slice(0, 2).join('/');
  return url === '' ? '(native)' : url;
}

const labelOf = ({ functionName, url, lineNumber }: { functionName: string; url: string; lineNumber: number }): string =>
  `${functionName || '(anonymous)'} ${url.replace(/^.*\/(main|preload|bench|node_modules)\//, '$1/')}:${lineNumber + 1}`;

function printRanked(title: string, totals: Map<string, number>, top: number, format: (value: number) => string): void {
  process.stdout.write(`# ${title}:\n`);
  for (const [name, value] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top)) process.stdout.write(`${format(value)}  ${name}\n`);
}

/** Self time by area and by function, per `units` units of work (e.g. per 1,000 tokens over all profiled rounds). */
export function summariseCpu(cpu: Profiler.Profile, units: number, unitName: string): void {
  const deltas = cpu.timeDeltas ?? [];
  const samples = cpu.samples ?? [];
  const selfUs = new Map<number, number>();
  for (let i = 0; i < samples.length; i++) selfUs.set(samples[i]!, (selfUs.get(samples[i]!) ?? 0) + (deltas[i] ?? 0));
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let total = 0;
  for (const node of cpu.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    if (us === 0) continue;
    const area = areaOf(node.callFrame.url, node.callFrame.functionName);
    const label = labelOf(node.callFrame);
    byFunction.set(label, (byFunction.get(label) ?? 0) + us);
    byArea.set(area, (byArea.get(area) ?? 0) + us);
    if (area !== '(idle)') total += us;
  }
  const per = (us: number) => `${(us / units).toFixed(2).padStart(7)} µs/${unitName}`;
  process.stdout.write(`# CPU (not idle) ${per(total)}\n`);
  printRanked('by area', byArea, 20, per);
  printRanked('by function (self)', byFunction, 30, per);
}

/** Bytes allocated (sampled, collected objects included) by area and by function, per unit of work. */
export function summariseAllocations(heap: HeapProfiler.SamplingHeapProfile, units: number, unitName: string): void {
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let total = 0;
  const visit = (node: HeapProfiler.SamplingHeapProfileNode): void => {
    if (node.selfSize > 0) {
      const label = labelOf(node.callFrame);
      byFunction.set(label, (byFunction.get(label) ?? 0) + node.selfSize);
      const area = areaOf(node.callFrame.url, node.callFrame.functionName);
      byArea.set(area, (byArea.get(area) ?? 0) + node.selfSize);
      total += node.selfSize;
    }
    for (const child of node.children) visit(child);
  };
  visit(heap.head);
  const per = (bytes: number) => `${(bytes / units).toFixed(0).padStart(7)} B/${unitName}`;
  process.stdout.write(`# allocated ${per(total)}\n`);
  printRanked('allocated by area', byArea, 12, per);
  printRanked('allocated by function (self)', byFunction, 25, per);
}

/** Bytes allocated during `run` (sampled every 512 bytes, objects collected meanwhile included). */
export async function sampleAllocations(session: Session, run: () => Promise<unknown>): Promise<HeapProfiler.SamplingHeapProfile> {
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', { samplingInterval: 512, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  await run();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  await session.post('HeapProfiler.disable');
  return profile;
}

/**
 * Runs `run` once with counters: file writes and syncs (wrapped on the FileHandle prototype), encryptions (wrapped
 * in node:crypto), and the calls of every function whose script URL matches `watched` (V8's precise coverage).
 * Prints them per unit of work.
 */
export async function countOperations(session: Session, scratchDir: string, watched: RegExp, units: number, unitName: string, run: () => Promise<unknown>): Promise<void> {
  const counts = new Map<string, number>();
  const bump = (name: string) => counts.set(name, (counts.get(name) ?? 0) + 1);
  const probe = await open(join(scratchDir, 'probe'), 'w');
  const handleProto = Object.getPrototypeOf(probe) as Record<string, (...args: unknown[]) => unknown>;
  await probe.close();
  const restore: Array<() => void> = [];
  for (const method of ['write', 'writev', 'writeFile', 'datasync', 'sync']) {
    const original = handleProto[method]!;
    handleProto[method] = function (this: unknown, ...args: unknown[]) {
      bump(`fs ${method}`);
      return original.apply(this, args);
    };
    restore.push(() => (handleProto[method] = original));
  }
  const cryptoApi = crypto as unknown as Record<string, (...args: unknown[]) => unknown>;
  const cipher = cryptoApi['createCipheriv']!;
  cryptoApi['createCipheriv'] = (...args: unknown[]) => {
    bump('encryptions');
    return cipher(...args);
  };
  syncBuiltinESMExports();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  await run();
  const { result } = await session.post('Profiler.takePreciseCoverage');
  await session.post('Profiler.stopPreciseCoverage');
  for (const undo of restore) undo();
  cryptoApi['createCipheriv'] = cipher;
  syncBuiltinESMExports();

  const functions: Array<[string, number]> = [];
  for (const script of result) {
    if (!watched.test(script.url)) continue;
    const file = script.url.replace(/^.*\/(main|preload|node_modules)\//, '$1/');
    for (const fn of script.functions) {
      const count = fn.ranges[0]?.count ?? 0;
      if (count > 0 && fn.functionName) functions.push([`${fn.functionName} ${file}`, count]);
    }
  }
  process.stdout.write(`# operations per ${unitName} (one round of ${units}):\n`);
  for (const [name, count] of [...counts].sort()) process.stdout.write(`${(count / units).toFixed(3).padStart(8)}  ${name} (${count})\n`);
  for (const [name, count] of functions.sort((a, b) => b[1] - a[1]).slice(0, 45)) process.stdout.write(`${(count / units).toFixed(3).padStart(8)}  ${name} (${count})\n`);
}

/**
 * CPU (user + system, ms) of each kind of thread of this process so far, from /proc (Linux only; empty elsewhere): the
 * main thread, V8's helpers (compilers, concurrent marking, parallel scavenges), libuv's pool (fdatasync), workers
 * (the checkpointer). Threads of one name are summed.
 */
export function threadCpu(): Map<string, number> {
  const out = new Map<string, number>();
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (100 per second).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const name = tid === String(process.pid) ? 'main' : readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
      out.set(name, (out.get(name) ?? 0) + (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return out;
}

/** What each kind of thread spent between two `threadCpu` readings, per round, as one line. */
export function threadCpuLine(before: Map<string, number>, after: Map<string, number>, rounds: number): string {
  return [...after]
    .map(([name, ms]) => [name, (ms - (before.get(name) ?? 0)) / rounds] as const)
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
    .join(', ');
}
