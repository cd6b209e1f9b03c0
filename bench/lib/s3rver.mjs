// An S3-compatible server (s3rver) in a process of its own for the storage section: its work is not
// counted in the API's CPU time. Serves the bucket `bench` on loopback from the folder given as
// the first argument, prints `{"port":n}` once listening, and runs until it is sent SIGTERM.
import S3rver from 's3rver';

const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: process.argv[2],
  configureBuckets: [{ name: 'bench', configs: [] }],
});
const { port } = await server.run();
console.log(JSON.stringify({ port }));
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
