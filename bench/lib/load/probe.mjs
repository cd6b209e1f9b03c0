// Bench-only probe, preloaded into a server the load bench starts (`node --import probe.mjs`):
// nothing of it is in the production build. It watches the event loop's delay
// (perf_hooks.monitorEventLoopDelay), the garbage collector's pauses (a PerformanceObserver of
// 'gc' entries) and samples the resident set size, and answers the bench's IPC messages: 'read'
// sends the readings since the last read and starts over.
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

if (typeof process.send === 'function') {
  const RESOLUTION_MS = 10;
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  let cpuFrom = process.cpuUsage();
  // Pauses of the main thread for garbage collection: how much of the event-loop delay they are.
  let gcSince = performance.now();
  let gcMs = 0;
  let gcMax = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      if (entry.duration > gcMax) gcMax = entry.duration;
    }
  }).observe({ entryTypes: ['gc'] });
  let rssMax = 0;
  let rssLast = 0;
  const sample = () => {
    rssLast = process.memoryUsage.rss();
    if (rssLast > rssMax) rssMax = rssLast;
  };
  sample();
  setInterval(sample, 200).unref();
  // The histogram holds the whole time between two timer turns, the resolution included (an idle
  // loop reads about 10 ms): the delay is what exceeds it (as @fastify/under-pressure counts it).
  const ms = (ns) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
  process.on('message', (message) => {
    if (message?.probe !== 'read') return;
    sample();
    // CPU time (user + system, microseconds) the process used since the last read: the bench
    // divides it by the requests answered to get a cost per request that does not depend on how
    // busy the rest of the machine is.
    const cpu = process.cpuUsage(cpuFrom);
    cpuFrom = process.cpuUsage();
    const reading = {
      probe: 'reading',
      id: message.id,
      eld: {
        p50: ms(delay.percentile(50)),
        p99: ms(delay.percentile(99)),
        max: ms(delay.max),
        mean: ms(delay.mean),
      },
      rss: { last: rssLast, max: rssMax },
      heapUsed: process.memoryUsage().heapUsed,
      cpuMicros: cpu.user + cpu.system,
      gc: { share: gcMs / Math.max(1, performance.now() - gcSince), max: gcMax },
    };
    delay.reset();
    gcSince = performance.now();
    gcMs = 0;
    gcMax = 0;
    rssMax = rssLast;
    process.send(reading);
  });
  // The IPC channel would keep the process alive after the server closed.
  process.channel?.unref();
}
