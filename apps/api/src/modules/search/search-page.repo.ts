import { OPEN_MATCH_STATUSES, type SearchFilters } from '@dm/shared';
import { type SQL, sql } from 'drizzle-orm';
import {
  type CenterSettings,
  centers,
  donors,
  savedSearches,
  searchHistory,
  users,
  centerSettings as withDefaults,
} from '../../db/schema/index.js';
import { type Db, preparedStatement } from '../../platform/db.js';
import {
  type VisibilityRule,
  type VisibilityValues,
  visibilitySqlOf,
  visibilityValues,
} from '../donor-access/index.js';

// One page of a search (decision 013): the cards the search index chose, with their centers'
// settings and the caller's marks, and the search's own writes, in one prepared statement.
export interface SearchRow {
  id: number;
  display_id: string | null;
  agency_display_id: string | null;
  first_name: string;
  center_id: number;
  date_of_birth: string | null;
  age_unconfirmed: boolean;
  height_cm: number | null;
  eye_color: string | null;
  hair_color: string | null;
  races: unknown;
  ethnicities: unknown;
  city: string | null;
  state: string | null;
  availability: string;
  frozen_availability: string | null;
  donor_type: string;
  queue_count: number;
  frozen_queue_count: number;
  views_count: number;
  /**
   * The public photos in the card's order, the default first, and the default's id (JSON
   * { ids, default }; ids null when there is none): one pass over the donor's pictures.
   */
  photos: unknown;
  latitude: number | null;
  longitude: number | null;
  /** The donor center's settings, defaults filled in (one object per center). */
  center_settings: CenterSettings;
  /** In the caller's favourites. */
  fav: boolean;
  /** The caller's portfolios holding the donor (JSON of PageShortlist), newest addition first. */
  shortlists: unknown;
  /** The caller's own open match with the donor (JSON { status, queueType }), or null. */
  open_match: unknown;
}

/** A portfolio of the caller's holding a donor, as the page statement reads it (times in ms). */
export interface PageShortlist {
  id: number;
  name: string;
  addedAt: number;
  feedback: string | null;
  feedbackAt: number | null;
}

/**
 * The card's own columns (constant text: no query building per search). The races and
 * ethnicities are the donor's cards, kept by the facts triggers (migration 0040).
 */
const CARD_COLUMNS = sql.raw(`"donors"."user_id" as id, "donors"."display_id" as display_id,
    "donors"."agency_display_id" as agency_display_id, "users"."first_name" as first_name,
    "donors"."center_id" as center_id, "donors"."date_of_birth"::text as date_of_birth,
    "donors"."age_unconfirmed" as age_unconfirmed, "donors"."height_cm" as height_cm,
    "donors"."eye_color" as eye_color, "donors"."hair_color" as hair_color,
    "donors"."race_card"::text as races, "donors"."ethnicity_card"::text as ethnicities,
    "donors"."city" as city, "donors"."state" as state, "donors"."availability" as availability,
    "donors"."frozen_availability" as frozen_availability, "donors"."donor_type" as donor_type,
    "donors"."queue_count"::int as queue_count, "donors"."frozen_queue_count"::int as frozen_queue_count,
    "donors"."views_count" as views_count,
    (select json_build_object('ids', json_agg(p.id order by p.is_default desc, p.position, p.id),
        'default', max(p.id) filter (where p.is_default))
      from donor_pictures p where p.donor_id = "donors"."user_id" and not p.private) as photos,
    "donors"."latitude" as latitude, "donors"."longitude" as longitude,
    c.settings::text as center_settings`);

/** Milliseconds since the epoch, truncated as the driver reads a timestamp into a Date. */
const ms = (column: string) => `floor(extract(epoch from ${column}) * 1000)::float8`;

/** A constant text naming the caller ($USER) as parts around the caller's id parameter. */
function withUser(text: string): (user: SQL) => SQL {
  const parts = text.split('$USER').map((t) => sql.raw(t));
  return (user) => sql.join(parts, user);
}

/**
 * The caller's marks on a card: favourite, own non-archived portfolios (as the client or the
 * case manager), and (for an intended parent) the open match (at most one per donor).
 */
const MARK_COLUMNS = withUser(`exists (select 1 from favorites f
      where f.user_id = $USER and f.donor_id = "donors"."user_id") as fav,
    (select json_agg(json_build_object('id', pf.id, 'name', pf.name, 'addedAt', ${ms('pd.added_at')},
        'feedback', pd.feedback, 'feedbackAt', ${ms('pd.feedback_at')})
        order by pd.added_at desc, pf.id desc)
      from portfolio_donors pd inner join portfolios pf on pf.id = pd.portfolio_id
      where pd.donor_id = "donors"."user_id" and (pf.client_id = $USER or pf.manager_id = $USER)
        and pf.status <> 'Archived') as shortlists`);
const OPEN_MATCH = withUser(`(select json_build_object('status', m.status, 'queueType', m.queue_type)
      from matches m where m.parent_id = $USER and m.donor_id = "donors"."user_id"
        and m.status = any('{${OPEN_MATCH_STATUSES.map((st) => `"${st}"`).join(',')}}'::text[]) limit 1) as open_match`);

/**
 * A page statement's row as read: the JSON columns whose values repeat across cards come as
 * text (the driver would parse each one), read by searchPage once a center or once a text.
 */
type PageRow = Omit<SearchRow, 'center_settings' | 'races' | 'ethnicities'> & {
  center_settings: string | null;
  races: string | null;
  ethnicities: string | null;
};

/** Race and ethnicity cards by their JSON text: a few thousand texts among 100,000 donors. */
const cards = new Map<string, readonly unknown[]>();
const CARDS_KEPT = 4096;

/** A race or ethnicity card from its text, parsed once (frozen: every answer shares it). */
function cardOf(text: string | null): readonly unknown[] {
  if (text === null) return [];
  let card = cards.get(text);
  if (!card) {
    card = Object.freeze((JSON.parse(text) as unknown[]).map((e) => Object.freeze(e)));
    if (cards.size >= CARDS_KEPT) cards.clear();
    cards.set(text, card);
  }
  return card;
}

/** The writes a search makes along with its page. */
export interface PageWrites {
  /**
   * The IP search history row (intended parents' searches), committed without waiting for the
   * WAL flush: a row of the report is not worth a disk flush on every search, and only a
   * database crash in the next few hundred milliseconds could lose it.
   */
  history: { centerId: number; filters: SearchFilters; resultCount: number } | null;
  /** The saved search being run: its last run time. */
  savedSearchId: number | null;
  at: Date;
}

/** The shape of a page statement: the kind of visibility rule and which parts it has. */
type PageShape = `${VisibilityRule['kind']}:${'h' | '-'}${'s' | '-'}${'m' | '-'}`;

/** The values of a page statement (those of parts the shape leaves out are not used). */
interface PageValues extends VisibilityValues {
  ids: string;
  userId: number;
  historyCenter: number;
  filters: string;
  resultCount: number;
  at: string;
  savedSearchId: number;
}

const pageStatement = preparedStatement<PageShape, PageValues>((shape, v) => {
  const [kind, parts] = shape.split(':') as [VisibilityRule['kind'], string];
  const ctes: SQL[] = [];
  if (parts[0] === 'h') {
    ctes.push(sql`history as (insert into ${searchHistory} (user_id, center_id, filters, result_count, created_at)
      select ${v.userId}::int, ${v.historyCenter}::int, ${v.filters}::jsonb,
        ${v.resultCount}::int, ${v.at}::timestamptz
      from (select set_config('synchronous_commit', 'off', true)) as async_commit)`);
  }
  if (parts[1] === 's') {
    ctes.push(sql`run as (update ${savedSearches} set last_run_at = ${v.at}::timestamptz
      where id = ${v.savedSearchId}::int and user_id = ${v.userId}::int)`);
  }
  const user = sql`${v.userId}::int`;
  return sql`${ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``}select ${CARD_COLUMNS}, ${MARK_COLUMNS(user)},
        ${parts[2] === 'm' ? OPEN_MATCH(user) : sql`null::json as open_match`}
      from ${donors} inner join ${users} on ${users.id} = ${donors.userId}
        left join ${centers} c on c.id = ${donors.centerId}
      where ${donors.userId} = any(${v.ids}::int[]) and ${visibilitySqlOf(kind, v)}`;
});

/**
 * One page of a search in one statement: the cards of `ids` in that order (the search index
 * chose and ordered them; a donor that `rule` no longer lets through is left out), each with its
 * center's settings and the caller's marks, plus the search's own writes (history row, saved
 * search's last run) as data-modifying CTEs of the same statement. Its text is rendered once per
 * shape (kind of rule, which writes, open matches or not) and prepared.
 */
export async function searchPage(
  db: Db,
  page: { ids: readonly number[]; rule: VisibilityRule; userId: number; openMatches: boolean },
  writes: PageWrites,
): Promise<SearchRow[]> {
  const { ids, userId } = page;
  const { history, savedSearchId, at } = writes;
  if (ids.length === 0 && !history && savedSearchId === null) return [];
  const shape: PageShape = `${page.rule.kind}:${history ? 'h' : '-'}${savedSearchId !== null ? 's' : '-'}${page.openMatches ? 'm' : '-'}`;
  const rows = await pageStatement<PageRow>(db, shape, {
    ...visibilityValues(page.rule),
    ids: `{${ids.join(',')}}`,
    userId,
    historyCenter: history?.centerId ?? 0,
    filters: JSON.stringify(history?.filters ?? null),
    resultCount: history?.resultCount ?? 0,
    at: at.toISOString(),
    savedSearchId: savedSearchId ?? 0,
  });
  const settings = new Map<number, CenterSettings>();
  const byId = new Map<number, SearchRow>();
  for (const r of rows) {
    // One center's rows carry the same settings: read once a page, not once a card.
    let filled = settings.get(r.center_id);
    if (!filled) {
      filled = withDefaults(r.center_settings === null ? null : JSON.parse(r.center_settings));
      settings.set(r.center_id, filled);
    }
    byId.set(r.id, {
      ...r,
      races: cardOf(r.races),
      ethnicities: cardOf(r.ethnicities),
      center_settings: filled,
    });
  }
  return ids.map((id) => byId.get(id)).filter((r): r is SearchRow => r !== undefined);
}
