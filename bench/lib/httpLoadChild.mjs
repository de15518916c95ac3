// bench/lib/load.ts's default load generator, autocannon, in a process of its own: autocannon in the api's process
// shares its heap and, in a worker thread, cost 400–700 µs of CPU a request on a two-core machine
// (bench/README.md, "Where the targets stand"), a quarter of what the HTTP side was charged with.
// Takes one JSON argument (autocannon's options); prints {"start":true} as the load begins (after
// this process's own start, which is not the load's), then one JSON line: what load.ts reads of
// autocannon's result, and this process's CPU over the run in ms.
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]);
process.stdout.write('{"start":true}\n');
const cpuBefore = process.cpuUsage();
const result = await autocannon(options);
const cpu = process.cpuUsage(cpuBefore);
process.stdout.write(
  `${JSON.stringify({
    seconds: (result.finish.getTime() - result.start.getTime()) / 1000,
    ok: result['2xx'],
    errors: result.errors + result.timeouts + result.non2xx,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMs: (cpu.user + cpu.system) / 1000,
  })}\n`,
);
