import { makeBackup } from './platform/backup-make.js';

/** `npm run backup -- <dir>` (platform/backup-make.ts). */
// npm runs the workspace's script in apps/api: the folder and DATA_DIR are meant from where it was typed.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
process.exitCode = await makeBackup(process.argv.slice(2), process.env, {
  progress: (line) => process.stdout.write(`\r${line}`),
  line: (text) => console.log(text),
});
