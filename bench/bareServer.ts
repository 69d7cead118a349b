/**
 * The ceiling for serving a page: a bare `node:http` server answering every request with the same
 * bytes (read once from the file given as the first argument) and Content-Type (the second). Run
 * as its own process by bench/run.ts; it prints `listening <port>` once it is ready.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [bodyFile, contentType] = process.argv.slice(2);
if (!bodyFile || !contentType) {
  console.error('usage: bareServer.ts <body file> <content type>');
  process.exit(2);
}
const body = readFileSync(bodyFile);
const headers = { 'content-type': contentType, 'content-length': String(body.length) };

const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
