import type { DonorListItem, SearchAnswer, SearchRequestInput } from '@dm/shared';
import { type Api, ApiError, onServer, signIn } from './api.js';

// The concurrent writer of the load bench, and its consistency check: while the search
// is under load it saves donor profiles (eye colour), changes availabilities (as staff) and
// counts page views (as an intended parent) at a steady rate, and after each write has answered
// it searches (on every API process in turn) for what it wrote: a search that begins after a
// write committed must see it. Each miss is a violation; there must be none.

export interface WriterAccounts {
  /** Staff of the donors' center: availability changes and profile saves. */
  staff: string;
  /** The client whose searches are measured: the availability and profile checks. */
  parent: string;
  /** A client of another center: page views (a new session every 19 views, before the captcha). */
  viewer: string;
}

export interface WriterStats {
  writes: Record<Kind, number>;
  checks: number;
  violations: number;
  /** Writes refused or failed (not a violation: nothing was committed). */
  failures: number;
  /** Ticks skipped because every donor of the kind was busy (the server was slower than the rate). */
  skipped: number;
  writeMs: number[];
  examples: string[];
  /** Time spent writing (the search runs), for the rate achieved. */
  seconds: number;
}

type Kind = 'profile' | 'availability' | 'view';
const KINDS: Kind[] = ['availability', 'profile', 'view'];
/** Views a session makes before a new sign-in: the captcha is due after 20 new donors. */
const VIEWS_PER_SESSION = 19;
const EYES = ['Blue', 'Green'] as const;
const STATUSES = ['Available', 'Unavailable'] as const;

interface Donor {
  id: number;
  key: string;
  busy: boolean;
  /** profile: the tab's form data; view: the views the index must show at least. */
  form?: Record<string, unknown>;
  eye?: string;
  originalEye?: string;
  status?: string;
  views?: number;
}

const keyOf = (d: DonorListItem) => (d.displayId ?? d.agencyDisplayId ?? '').toLowerCase();

async function searchFor(
  api: Api,
  donor: Donor,
  extra: SearchRequestInput = {},
): Promise<DonorListItem | null> {
  const answer = await api.call<SearchAnswer>('POST', '/api/getdonorlist', { donor_id: donor.key, ...extra });
  return answer.rows.find((r) => r.id === donor.id) ?? null;
}

export class Writer {
  readonly stats: WriterStats = {
    writes: { profile: 0, availability: 0, view: 0 },
    checks: 0,
    violations: 0,
    failures: 0,
    skipped: 0,
    writeMs: [],
    examples: [],
    seconds: 0,
  };
  private pools: Record<Kind, Donor[]> = { profile: [], availability: [], view: [] };
  private timer: NodeJS.Timeout | null = null;
  private inFlight = new Set<Promise<void>>();
  private tick = 0;
  private cursor: Record<Kind, number> = { profile: 0, availability: 0, view: 0 };
  private viewsInSession = 0;
  private startedAt = 0;
  private viewer!: Api;

  private constructor(
    private servers: string[],
    private readonly accounts: WriterAccounts,
    private staff: Api,
    private parent: Api,
  ) {}

  /** Picks the donors (10 per kind, each written by one task at a time) through the API. */
  static async prepare(servers: string[], accounts: WriterAccounts, parent: Api): Promise<Writer> {
    const staff = await signIn(servers[0]!, accounts.staff);
    const w = new Writer(servers, accounts, staff, parent);
    w.viewer = await signIn(servers[0]!, accounts.viewer);
    const listed = await parent.call<SearchAnswer>('POST', '/api/getdonorlist', {
      donoravailability: ['Available'],
      recordcount: 100,
    });
    const center = (await staff.call<{ center: { id: number } }>('GET', '/api/me')).center.id;
    const own = listed.rows.filter((r) => keyOf(r) && r.centerId === center);
    if (own.length < 20)
      throw new Error(`the writer needs 20 donors of ${accounts.staff}'s center; found ${own.length}`);
    for (const r of own.slice(0, 10))
      w.pools.availability.push({ id: r.id, key: keyOf(r), busy: false, status: r.availability });
    for (const r of own.slice(10, 20)) {
      const tab = await staff.call<{ data: Record<string, unknown> }>('POST', '/api/getdonorformdetails', {
        tabName: 'personalCharacterstics',
        userId: r.id,
      });
      const eye = r.eyeColor ?? '';
      w.pools.profile.push({ id: r.id, key: keyOf(r), busy: false, form: tab.data, eye, originalEye: eye });
    }
    const seen = await w.viewer.call<SearchAnswer>('POST', '/api/getdonorlist', { recordcount: 100 });
    const taken = new Set(own.slice(0, 20).map((r) => r.id));
    for (const r of seen.rows.filter((x) => keyOf(x) && !taken.has(x.id)).slice(0, VIEWS_PER_SESSION))
      w.pools.view.push({ id: r.id, key: keyOf(r), busy: false, views: r.views });
    return w;
  }

  /** The API processes to write to and check on (each write is checked on the next one). */
  useServers(servers: string[]): void {
    this.servers = servers;
  }

  /** Starts writing `perSecond` writes a second (each followed by its check). */
  start(perSecond: number): void {
    this.startedAt = performance.now();
    this.timer = setInterval(() => this.launch(), 1000 / perSecond);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stats.seconds += (performance.now() - this.startedAt) / 1000;
    await Promise.all(this.inFlight);
  }

  /** Puts the availabilities and eye colours it changed back as they were. */
  async restore(): Promise<void> {
    for (const d of this.pools.profile)
      if (d.eye !== d.originalEye)
        await this.staff.call('POST', '/api/updatedonorformdetails', {
          tabName: 'personalCharacterstics',
          userId: d.id,
          formData: { ...d.form, eyeColor: d.originalEye },
        });
    for (const d of this.pools.availability)
      if (d.status !== 'Available')
        await this.staff.call('POST', '/api/updatedonorstatuswithemail', {
          donor_id: d.id,
          status: 'Available',
          message: 'Load bench: availability restored.',
        });
  }

  private launch(): void {
    const tick = this.tick++;
    const kind = KINDS[tick % KINDS.length]!;
    // Views run one at a time: a new session of the viewer ends the one a view would be using.
    const viewing = kind === 'view' && this.pools.view.some((d) => d.busy);
    const donor = viewing ? undefined : this.next(kind);
    if (!donor) {
      this.stats.skipped++;
      return;
    }
    donor.busy = true;
    // With two processes, the write goes to one and its check to the other.
    const writeOn = this.servers[tick % this.servers.length]!;
    const checkOn = this.servers[(tick + 1) % this.servers.length]!;
    const task = this.run(kind, donor, writeOn, checkOn)
      .catch((error: Error) => {
        this.stats.failures++;
        if (this.stats.examples.length < 8) this.stats.examples.push(`${kind} failed: ${error.message}`);
      })
      .finally(() => {
        donor.busy = false;
        this.inFlight.delete(task);
      });
    this.inFlight.add(task);
  }

  /** The kind's next donor in turn that no task is writing. */
  private next(kind: Kind): Donor | undefined {
    const pool = this.pools[kind];
    for (let i = 0; i < pool.length; i++) {
      const d = pool[this.cursor[kind]++ % pool.length]!;
      if (!d.busy) return d;
    }
    return undefined;
  }

  private violation(text: string): void {
    this.stats.violations++;
    if (this.stats.examples.length < 8) this.stats.examples.push(`VIOLATION ${text}`);
  }

  private async run(kind: Kind, d: Donor, writeOn: string, checkOn: string): Promise<void> {
    const started = performance.now();
    if (kind === 'availability') {
      const to = d.status === 'Available' ? STATUSES[1] : STATUSES[0];
      const from = to === 'Available' ? 'Unavailable' : 'Available';
      await onServer(this.staff, writeOn).call('POST', '/api/updatedonorstatuswithemail', {
        donor_id: d.id,
        status: to,
        message: 'Load bench: availability change.',
      });
      d.status = to;
      this.written(kind, started);
      const parent = onServer(this.parent, checkOn);
      const inNew = await searchFor(parent, d, { donoravailability: [to] });
      const inOld = await searchFor(parent, d, { donoravailability: [from] });
      this.stats.checks += 2;
      if (!inNew || inNew.availability !== to)
        this.violation(
          `donor ${d.id} set ${to}: a later search filtering on ${to} ${inNew ? `showed ${inNew.availability}` : 'missed it'}`,
        );
      if (inOld)
        this.violation(`donor ${d.id} set ${to}: a later search filtering on ${from} still listed it`);
    } else if (kind === 'profile') {
      const to = d.eye === EYES[0] ? EYES[1] : EYES[0];
      await onServer(this.staff, writeOn).call('POST', '/api/updatedonorformdetails', {
        tabName: 'personalCharacterstics',
        userId: d.id,
        formData: { ...d.form, eyeColor: to },
      });
      d.eye = to;
      this.written(kind, started);
      const found = await searchFor(onServer(this.parent, checkOn), d, { eyecolor: [to] });
      this.stats.checks++;
      if (!found || found.eyeColor !== to)
        this.violation(
          `donor ${d.id} saved with eye colour ${to}: a later search ${found ? `showed ${found.eyeColor}` : 'missed it'}`,
        );
    } else {
      if (this.viewsInSession >= VIEWS_PER_SESSION) {
        // A new session may view every donor again; the old session ends with the sign-in.
        this.viewsInSession = 0;
        this.viewer = await signIn(this.servers[0]!, this.accounts.viewer);
      }
      this.viewsInSession++;
      const viewer = this.viewer;
      let counted: boolean;
      try {
        ({ counted } = await onServer(viewer, writeOn).call<{ counted: boolean }>(
          'PUT',
          `/api/donorviews/${d.id}`,
          {},
        ));
      } catch (error) {
        // The session ended (another sign-in of the viewer) or its captcha is due: not a write.
        if (error instanceof ApiError && (error.status === 400 || error.status === 401)) {
          this.viewsInSession = VIEWS_PER_SESSION;
          return;
        }
        throw error;
      }
      if (!counted) return;
      d.views = (d.views ?? 0) + 1;
      this.written(kind, started);
      const found = await searchFor(onServer(viewer, checkOn), d);
      this.stats.checks++;
      if (!found || found.views < d.views)
        this.violation(
          `donor ${d.id} viewed (${d.views} views): a later search ${found ? `showed ${found.views}` : 'missed it'}`,
        );
    }
  }

  private written(kind: Kind, started: number): void {
    this.stats.writes[kind]++;
    this.stats.writeMs.push(performance.now() - started);
  }
}
