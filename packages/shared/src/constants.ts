/** Business constants of platform.md section 9, kept once for server and web. */
export const SESSION_IDLE_MS = 60 * 60 * 1000;
/** A session ends this long after sign-in however active it is (decision 002). */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const FAILED_LOGINS_BEFORE_CAPTCHA = 3;
export const DONOR_PAGE_VIEW_CAPTCHA_THRESHOLD = 20;
export const TOAST_MS = 5000;
export const TOAST_CUSTOM_MS = 35000;
/** Name search on the staff grids waits this long after the last key (donor-forms-admin section 9). */
export const NAME_SEARCH_DEBOUNCE_MS = 1000;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 60;
export const EMAIL_SUBJECT_LIMIT = 150;
export const CONTACT_NO_MAX_DIGITS = 10;
export const SSN_LENGTH = 9;
export const PORTFOLIO_NAME_MIN = 2;
export const PORTFOLIO_NAME_MAX = 260;
export const CLIENT_GRID_SIZE = 20;
/** Maximum images in the donor PDF (search spec section 9). */
export const PDF_MAX_IMAGES = 10;

/** Reset and invitation links stay valid this long. */
export const RESET_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;
export const INVITE_TOKEN_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** Login attempts allowed per window before the account or address is throttled. */
export const LOGIN_RATE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_RATE_MAX_PER_ACCOUNT = 10;
export const LOGIN_RATE_MAX_PER_ADDRESS = 30;
/** invitedonor: sign-up link requests per IP address per LOGIN_RATE_WINDOW_MS (then 429). */
export const SIGNUP_LINK_MAX_PER_ADDRESS = 10;

/** Center ids named by the spec; behaviour hangs off center flags, not these ids. */
export const CENTER_ID = {
  MAIN: 1,
  CONSUMER: 111,
  HATCH: 85,
  GWK: 133,
  CIRCLE: 46,
  CONSULTANT: 36,
} as const;

export const VERSION_HEADER = 'x-app-version';
export const TOKEN_HEADER = 'x-access-token';
export const SESSION_COOKIE = 'dm_session';

/** The password of every demo account (README). */
export const DEMO_PASSWORD = 'Demo!2345';
