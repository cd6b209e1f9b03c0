import { moveFilesToS3 } from './platform/storage-move.js';

/** `npm run move-files-to-s3 [-- --delete-after]` (platform/storage-move.ts). */
process.exitCode = await moveFilesToS3(process.argv.slice(2), process.env, {
  progress: (line) => process.stdout.write(`\r${line}`),
  line: (text) => console.log(text),
});
