import { readFileSync } from 'node:fs';
import pg from 'pg';

// PostgreSQL CPU of the measured database's backends over a run (load bench): the backends'
// utime + stime from /proc/<pid>/stat, read before and after. It works when PostgreSQL runs on the
// same machine (as on the bench machine); elsewhere it reads nothing and the column shows '-'.
// pg_stat_statements would need a server restart (shared_preload_libraries), this does not.

const TICKS_PER_SECOND = 100;

function cpuTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) in parentheses: utime is field 14,
    // stime 15 (1-based) of the whole line.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(rest[11]) + Number(rest[12]);
  } catch {
    return null;
  }
}

export class DatabaseCpu {
  private constructor(
    private readonly client: pg.Client,
    private readonly database: string,
  ) {}

  static async open(databaseUrl: string): Promise<DatabaseCpu> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return new DatabaseCpu(client, new URL(databaseUrl).pathname.slice(1));
  }

  private async backends(): Promise<Map<number, number>> {
    const { rows } = await this.client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [this.database],
    );
    const ticks = new Map<number, number>();
    for (const { pid } of rows) {
      const t = cpuTicks(pid);
      if (t !== null) ticks.set(pid, t);
    }
    return ticks;
  }

  /** Starts a measurement; the function it answers gives the CPU microseconds used since. */
  async start(): Promise<() => Promise<number | null>> {
    const before = await this.backends();
    return async () => {
      const after = await this.backends();
      if (after.size === 0) return null;
      let ticks = 0;
      // A backend that started during the run counts from zero; one that ended is lost (the pool
      // keeps its connections, so under load there are none of either).
      for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
      return (ticks * 1_000_000) / TICKS_PER_SECOND;
    };
  }

  close(): Promise<void> {
    return this.client.end();
  }
}
