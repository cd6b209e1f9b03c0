import { restoreBackup } from './platform/backup-restore.js';

/** `npm run restore -- <dir>` (platform/backup-restore.ts). */
// npm runs the workspace's script in apps/api: the folder and DATA_DIR are meant from where it was typed.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
process.exitCode = await restoreBackup(process.argv.slice(2), process.env, {
  progress: (line) => process.stdout.write(`\r${line}`),
  line: (text) => console.log(text),
});
