import { moveToPostgres } from './platform/db-move.js';

/** `npm run move-to-postgres -- <DATABASE_URL>` (platform/db-move.ts). */
// npm runs the workspace's script in apps/api: the folder and DATA_DIR are meant from where it was typed.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
process.exitCode = await moveToPostgres(process.argv.slice(2), process.env, {
  progress: (line) => process.stdout.write(`\r${line}`),
  line: (text) => console.log(text),
});
