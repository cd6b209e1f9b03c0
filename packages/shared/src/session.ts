import { type PageKey, pagePath } from './pages.js';
import { type DonorAvailability, ROLE, type RoleId, type UserStatus } from './roles.js';

/** Center flags and settings a session needs in the browser (platform.md "Agency data"). */
export interface SessionCenter {
  id: number;
  name: string;
  appTitle: string;
  onboarded: boolean;
  preActiveAccess: boolean;
  consumerSite: boolean;
  payments: boolean;
  compareDonors: boolean;
  ipFormVisible: boolean;
  /** Pre-Active parents of the center may open donor details (the agency setting). */
  preActiveDonorDetails: boolean;
  /** The admin filters intended parents by primary or secondary parent (the circle center). */
  parentTypeFilter: boolean;
}

/** The current user session of platform.md section 3, as the API returns it. */
export interface SessionUser {
  userId: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  fullName: string;
  role: RoleId;
  status: UserStatus;
  center: SessionCenter;
  parentId: number | null;
  managerId: number | null;
  shortlistId: number | null;
  eulaAccepted: boolean;
  eulaAcceptedAt: string | null;
  termsUpdatedAt: string;
  lastLoginAt: string | null;
  /** Present while an admin works inside this account; the admin's own id. */
  switchedFrom: { userId: number; role: RoleId; fullName: string } | null;
  donor: {
    preFormStatus: number | null;
    availability: DonorAvailability;
    lastTab: number | null;
  } | null;
  client: {
    ipFormSubmitted: boolean;
    firstLogin: boolean;
  } | null;
}

/** True when the terms view must be shown before anything else. */
export function mustAcceptTerms(user: SessionUser): boolean {
  if (!user.eulaAccepted || !user.eulaAcceptedAt) return true;
  return new Date(user.eulaAcceptedAt).getTime() < new Date(user.termsUpdatedAt).getTime();
}

const DONOR_HOME_AVAILABILITY: readonly string[] = [
  'Available',
  'In Cycle',
  'Unavailable',
  'Under Review',
  'On Hold',
];

/** The landing page after login, in the order of platform.md section 4. */
export function postLoginDestination(user: SessionUser, attemptedUrl?: string | null): string {
  if (attemptedUrl && attemptedUrl !== '/' && !attemptedUrl.startsWith('/login')) return attemptedUrl;
  switch (user.role) {
    case ROLE.ADMIN:
    case ROLE.MASTER:
      return pagePath('viewclient');
    case ROLE.MANAGER:
      return pagePath('home');
    case ROLE.CLIENT: {
      const client = user.client;
      const termsNewerThanLastLogin =
        user.lastLoginAt !== null && new Date(user.termsUpdatedAt) > new Date(user.lastLoginAt);
      // A Pre-Active client of a center without pre-active access may open /notpaid only (the
      // page table): sending her to the IP form first would bounce her there anyway.
      if (user.status === 'Pre-Active' && !user.center.preActiveAccess) return pagePath('notpaid');
      if (
        user.center.ipFormVisible &&
        client &&
        !client.ipFormSubmitted &&
        user.parentId === null &&
        (client.firstLogin || termsNewerThanLastLogin)
      ) {
        return pagePath('ipform');
      }
      if (user.center.consumerSite) return pagePath('home');
      if (user.status === 'Active' && user.shortlistId !== null) {
        return pagePath('previewshortlist', { id: user.shortlistId });
      }
      return pagePath('noportfolio', { id: 1 });
    }
    case ROLE.DONOR: {
      const donor = user.donor;
      if (donor?.preFormStatus === 1) {
        if (DONOR_HOME_AVAILABILITY.includes(donor.availability)) return pagePath('donorhome');
        return pagePath('donorform', donor.lastTab ? { id: user.userId, page: donor.lastTab } : {});
      }
      if (donor?.preFormStatus === 0) return pagePath('not-accepted-preform');
      return pagePath('preform');
    }
  }
}

/** The page key a role lands on when it opens the root and may not see home. */
export const HOME_PAGE_FOR_ROLE: Record<RoleId, PageKey> = {
  [ROLE.MASTER]: 'viewclient',
  [ROLE.ADMIN]: 'viewclient',
  [ROLE.MANAGER]: 'home',
  [ROLE.CLIENT]: 'home',
  [ROLE.DONOR]: 'donorhome',
};
