// The client side of the live events benchmark (bench/lib/live-bench.ts), in a process of its own so
// the api process's memory is the api's alone. Opens COUNT streams of GET /events, says
// {"ready":COUNT} once each has its first work-queue counts, then notes when each receives the next
// ones and prints {"arrivals":[ms since the epoch, one per stream]} (null for a stream that got none
// within the time-out).
import http from 'node:http';

const [url, token, countText, timeoutText] = process.argv.slice(2);
const count = Number(countText);
const timeoutMs = Number(timeoutText ?? 30_000);
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const arrivals = new Array(count).fill(null);
let ready = 0;
let arrived = 0;
const requests = [];
const now = () => performance.timeOrigin + performance.now();

function finish() {
  process.stdout.write(`${JSON.stringify({ arrivals })}\n`);
  for (const request of requests) request.destroy();
  process.exit(0);
}

for (let index = 0; index < count; index += 1) {
  let seen = 0;
  let buffer = '';
  const request = http.get(url, { agent, headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' } }, (response) => {
    if (response.statusCode !== 200) {
      process.stderr.write(`stream ${index} answered ${response.statusCode}\n`);
      process.exit(1);
    }
    response.setEncoding('utf8');
    response.on('data', (chunk) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!block.startsWith('event: workQueues')) continue;
        seen += 1;
        if (seen === 1 && ++ready === count) process.stdout.write(`${JSON.stringify({ ready })}\n`);
        if (seen === 2) {
          arrivals[index] = now();
          if (++arrived === count) finish();
        }
      }
    });
  });
  request.on('error', (error) => {
    process.stderr.write(`stream ${index}: ${error.message}\n`);
    process.exit(1);
  });
  requests.push(request);
}
process.stdin.on('data', () => setTimeout(finish, timeoutMs));
