-- wrk's script for bench/lib/load.ts: prints {"start":true} once the threads are set up (the load
-- begins; wrk's own start is not the load's), then one JSON line like bench/lib/httpLoadChild.mjs's:
-- seconds of the run, 2xx/3xx answers, failures (status >= 400, connect, read, write, timeout),
-- latency p50/p99 in ms, and this process's CPU in ms (os.clock: all of its threads, from its start).
local started = false

setup = function(thread)
  if not started then
    started = true
    io.write('{"start":true}\n')
    io.flush()
  end
end

done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    '{"seconds":%.6f,"ok":%d,"errors":%d,"p50":%.3f,"p99":%.3f,"cpuMs":%.2f}\n',
    summary.duration / 1e6,
    summary.requests - errors.status,
    errors.status + errors.connect + errors.read + errors.write + errors.timeout,
    latency:percentile(50) / 1000,
    latency:percentile(99) / 1000,
    os.clock() * 1000
  ))
end
