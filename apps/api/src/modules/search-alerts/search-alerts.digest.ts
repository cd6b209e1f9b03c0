import { donorDisplayId, newDonorsPhrase, type PolicySubject, ROLE, searchesFirstName } from '@dm/shared';
import { escapeHtml } from '../../platform/mail.js';
import type { NotifyInput } from '../notifications/index.js';
import type { DigestDonor } from './search-alerts.repo.js';

/**
 * What a digest says (decision 021): for each alerted search with new donors, the donors by the
 * id they are shown by everywhere and, where the user may see it, their first name, each a link
 * to the donor's details page. Never anything else of the profile (no medical data).
 */

/** Donors a mail lists per search; the rest are counted, and the search's link shows them all. */
export const DIGEST_MAIL_DONORS_PER_SEARCH = 25;
/** Donors a text names; the rest are counted. */
export const DIGEST_TEXT_DONORS = 3;

export interface DigestSection {
  savedSearchId: number;
  name: string;
  /** Newest first. */
  donors: DigestDonor[];
}

/** "D-1234 Anna", or "D-1234" where the user may not see her first name (the center hides it). */
export function donorLabel(subject: PolicySubject, d: DigestDonor): string {
  const id = donorDisplayId(d);
  const first = d.firstName.trim();
  return first && searchesFirstName(subject, d.centerId, d.settings.isFirstNameVisible)
    ? `${id} ${first}`
    : id;
}

const searchLink = (publicUrl: string, savedSearchId: number) =>
  `${publicUrl}/#/search?savedsearch=${savedSearchId}`;

/** Where the user's saved searches are: the managers' list page; a parent's search page. */
export function savedSearchesLink(publicUrl: string, subject: PolicySubject): string {
  return `${publicUrl}/#/${subject.role === ROLE.MANAGER ? 'searchlistpage' : 'search'}`;
}

/** The {donors} block of the mail: per search a heading, its donors as links, and the search's link. */
export function digestMarkup(publicUrl: string, subject: PolicySubject, sections: readonly DigestSection[]) {
  return sections
    .map((s) => {
      const shown = s.donors.slice(0, DIGEST_MAIL_DONORS_PER_SEARCH);
      const more = s.donors.length - shown.length;
      const items = shown
        .map(
          (d) =>
            `<li><a href="${escapeHtml(`${publicUrl}/#/donordetails/${d.id}`)}">Donor ${escapeHtml(donorLabel(subject, d))}</a></li>`,
        )
        .join('');
      const rest = more > 0 ? `<li>and ${more} more</li>` : '';
      return (
        `<h3>${escapeHtml(s.name)}: ${newDonorsPhrase(s.donors.length)}</h3><ul>${items}${rest}</ul>` +
        `<p><a href="${escapeHtml(searchLink(publicUrl, s.savedSearchId))}">Run “${escapeHtml(s.name)}”</a></p>`
      );
    })
    .join('');
}

/** The text: the agency, how many, a few donors by label, and the link to the saved searches. */
export function digestText(
  input: { agencyName: string; publicUrl: string; subject: PolicySubject },
  sections: readonly DigestSection[],
): string {
  const all = sections.flatMap((s) => s.donors);
  const named = all.slice(0, DIGEST_TEXT_DONORS).map((d) => donorLabel(input.subject, d));
  const more = all.length - named.length;
  const list = more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ');
  const link =
    sections.length === 1
      ? searchLink(input.publicUrl, sections[0]!.savedSearchId)
      : savedSearchesLink(input.publicUrl, input.subject);
  return `${input.agencyName}: ${newDonorsPhrase(all.length)} for your saved searches: ${list}. ${link}`;
}

/** One bell notification per search: how many new donors and a link that runs the search. */
export function digestNotifications(userId: number, sections: readonly DigestSection[]): NotifyInput[] {
  return sections.map((s) => ({
    userId,
    sharedBy: null,
    kind: 'search_alert',
    text: `${newDonorsPhrase(s.donors.length)} for your saved search “${s.name}”`,
    link: `/search?savedsearch=${s.savedSearchId}`,
  }));
}
