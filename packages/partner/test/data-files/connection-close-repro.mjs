// The runtime's own fetch against a server that answers with `Connection: close`, in plain JS,
// run as a child process by connection-close.test.ts (the crash is an uncaught exception that
// ends a process). The minimal case of nodejs/undici#5360: the body is not read for a while, the
// HTTP/1 parser pauses under backpressure, the server's FIN arrives, and `parser.finish()`
// asserts `!this.paused` inside a socket event handler. Prints one JSON line.
import { createServer } from 'node:http';

const body = Buffer.alloc(64 * 1024, 0x61);
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-length': body.length, connection: 'close' });
  res.end(body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const uncaught = [];
process.on('uncaughtException', (error) => uncaught.push(String(error.message).replace(/\s+/g, ' ').trim()));
const response = await fetch(`http://127.0.0.1:${server.address().port}/`);
await new Promise((resolve) => setTimeout(resolve, 300));
await response.body.cancel().catch(() => undefined);
console.log(JSON.stringify({ undici: process.versions.undici, uncaught }));
server.close();
process.exit(0);
