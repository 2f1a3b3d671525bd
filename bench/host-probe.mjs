// Loaded into the web host's process by the dashboard bench (`node --import bench/host-probe.mjs scripts/web.mjs`),
// so the bench can read what only that process can see: its event loop's longest stall and longest CPU stretch, and
// its memory. Plain JavaScript with nothing imported but Node's own modules, so it adds next to nothing to what it
// measures. It answers the bench over the IPC channel of `fork`: { kind: 'watch' } starts watching the loop afresh,
// { kind: 'read' } answers the reading.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

if (process.send) {
  /** A number of kB from /proc/self/status (VmHWM: the peak resident memory since start; VmRSS: now), in bytes. */
  const statusBytes = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;
  const mb = (bytes) => Math.round(bytes / 1024 / 1024);
  /** Main's heap and buffers in words (the rest of the RSS is the answer thread's heap and native memory). */
  const memoryWords = () => {
    const { rss, heapTotal, external, arrayBuffers } = process.memoryUsage();
    return `RSS ${mb(rss)} MB, main's heap ${mb(heapTotal)} MB committed, main's buffers and external memory ${mb(external)} MB (array buffers ${mb(arrayBuffers)} MB)`;
  };

  const stalls = monitorEventLoopDelay({ resolution: 10 });
  let last = process.threadCpuUsage();
  let longestCpu = 0;
  setInterval(() => {
    const spent = process.threadCpuUsage(last);
    last = process.threadCpuUsage();
    longestCpu = Math.max(longestCpu, (spent.user + spent.system) / 1000);
  }, 5).unref();
  // Main's share at the highest sampled RSS (the peak itself is the kernel's VmHWM).
  let sampledPeak = 0;
  let atPeak = memoryWords();
  setInterval(() => {
    const rss = process.memoryUsage.rss();
    if (rss > sampledPeak) {
      sampledPeak = rss;
      atPeak = memoryWords();
    }
  }, 20).unref();

  process.on('message', (request) => {
    if (request?.kind === 'watch') {
      stalls.reset();
      stalls.enable();
      last = process.threadCpuUsage();
      longestCpu = 0;
      process.send({ kind: 'watching' });
    } else if (request?.kind === 'read') {
      process.send({
        kind: 'reading',
        longestStallMs: stalls.max / 1e6,
        longestCpuTaskMs: longestCpu,
        peakRss: statusBytes('VmHWM'),
        rss: statusBytes('VmRSS'),
        atPeak,
        now: memoryWords(),
      });
      stalls.disable();
    }
  });
  // The channel must not keep the host alive once it is told to stop.
  process.channel?.unref();
}
