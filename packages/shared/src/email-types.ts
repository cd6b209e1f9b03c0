/**
 * The e-mail types the product sends, with the placeholders each may use and its default
 * wording. {recipient} must appear in every definition; {organization} exactly once in a signature.
 */
export interface EmailTypeDef {
  id: number;
  title: string;
  placeholders: string[];
  subject: string;
  definition: string;
  signature: string;
}

const SIGNATURE = 'Kind regards,<br>{organization}';

export const EMAIL_TYPE = {
  RESET_PASSWORD: 1,
  INVITE_CLIENT: 2,
  INVITE_MANAGER: 3,
  INVITE_ADMIN: 4,
  INVITE_DONOR: 5,
  REGISTRATION_WELCOME: 6,
  INVITE_SECONDARY_PARENT: 7,
  DONOR_FIRST_REMINDER: 22,
  DONOR_RECURRING_REMINDER: 23,
  SHARE_DONOR: 24,
  MATCH_REQUESTED: 30,
  MATCH_STATUS_CHANGED: 31,
  MATCH_CANCELLED: 32,
  DONOR_STATUS_MESSAGE: 33,
  SHARE_PORTFOLIO_CLIENT: 25,
  SHARE_PORTFOLIO_MANAGER: 26,
  PORTFOLIO_UPDATED: 27,
  PORTFOLIO_SUBMITTED: 28,
  IP_QUERY: 29,
  DONOR_FORM_STATUS: 34,
  DETAILS_ACCESS_REQUEST: 44,
  FAVORITE_NOTES_NOTIFICATION: 45,
  CHAT_MESSAGE: 46,
  EMAIL_CHANGE_VERIFICATION: 47,
  /** Beyond the spec: the daily digest of new donors matching a user's alerted saved searches. */
  SAVED_SEARCH_ALERT: 48,
  /** An agency asks the master admin to change its Twilio number. */
  TWILIO_NUMBER_CHANGE_REQUEST: 55,
  /** A consumer-center client asks for the concierge membership: her case manager or the admins are told. */
  CONCIERGE_REQUEST: 60,
  /** The client's confirmation that her concierge membership request was received. */
  CONCIERGE_REQUEST_RECEIVED: 61,
  /** A coaching session was booked: to the client and to her case manager, with an .ics invitation. */
  COACHING_SESSION_BOOKED: 62,
  /** A booked coaching session was cancelled: to both, with an .ics cancellation. */
  COACHING_SESSION_CANCELLED: 63,
  /** A donor a parent watches takes match requests again (decision 027). */
  DONOR_AVAILABLE_AGAIN: 64,
} as const;

/** id, title, placeholder names (space-separated, braces added), subject, definition. */
type EmailTypeRow = readonly [
  id: number,
  title: string,
  placeholders: string,
  subject: string,
  definition: string,
];

// One row per type: the repeated keys and the shared signature would otherwise outweigh the wording.
const ROWS: readonly EmailTypeRow[] = [
  [
    EMAIL_TYPE.RESET_PASSWORD,
    'Reset Password',
    'recipient link organization',
    'Reset your password',
    '<p>Dear {recipient},</p><p>We received a request to reset your password. Open this link to choose a new one; it works once and expires in two hours:</p><p><a href="{link}">{link}</a></p><p>If you did not ask for this, you can ignore this e-mail.</p>',
  ],
  [
    EMAIL_TYPE.INVITE_CLIENT,
    'Invite Intended Parent',
    'recipient link sender organization',
    'You are invited to join {organization}',
    '<p>Dear {recipient},</p><p>{sender} invited you to browse donor profiles with {organization}. Create your account here:</p><p><a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.INVITE_MANAGER,
    'Invite Case Manager',
    'recipient link sender organization',
    'Your case manager account at {organization}',
    '<p>Dear {recipient},</p><p>{sender} added you as a case manager at {organization}. Create your password here:</p><p><a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.INVITE_ADMIN,
    'Invite Admin',
    'recipient link sender organization',
    'Your administrator account at {organization}',
    '<p>Dear {recipient},</p><p>{sender} added you as an administrator at {organization}. Create your password here:</p><p><a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.INVITE_DONOR,
    'Invite Donor',
    'recipient link sender organization',
    'Complete your donor application with {organization}',
    '<p>Dear {recipient},</p><p>{organization} invited you to apply as a donor. Create your account and start your application here:</p><p><a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.REGISTRATION_WELCOME,
    'Registration Welcome',
    'recipient link organization',
    'Welcome to {organization}',
    '<p>Dear {recipient},</p><p>Thank you for registering with {organization}. You can sign in at any time here:</p><p><a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.INVITE_SECONDARY_PARENT,
    'Invite Second Intended Parent',
    'recipient link sender organization',
    '{sender} invited you to {organization}',
    '<p>Dear {recipient},</p><p>{sender} invited you to share their donor search at {organization}. Create your account here:</p><p><a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.DONOR_FIRST_REMINDER,
    'Donor Form Reminder (first)',
    'recipient link organization',
    'Your donor application is waiting',
    '<p>Dear {recipient},</p><p>Your donor application with {organization} is not finished yet. Continue here:</p><p><a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.DONOR_RECURRING_REMINDER,
    'Donor Form Reminder (recurring)',
    'recipient link organization',
    'Reminder: finish your donor application',
    '<p>Dear {recipient},</p><p>This is a friendly reminder to finish your donor application with {organization}:</p><p><a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.SHARE_DONOR,
    'Share Donor With Case Manager',
    'recipient sender donor message link organization',
    '{sender} shared donor {donor} with you',
    '<p>Dear {recipient},</p><p>{sender} shared donor {donor} with you:</p><p>{message}</p><p><a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.SHARE_PORTFOLIO_CLIENT,
    'Share Portfolio With Intended Parent',
    'recipient sender portfolio message link organization',
    '{sender} shared the portfolio {portfolio} with you',
    '<p>Dear {recipient},</p><p>{sender} prepared the donor portfolio {portfolio} for you:</p><p>{message}</p><p><a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.SHARE_PORTFOLIO_MANAGER,
    'Share Portfolio With Case Manager',
    'recipient sender portfolio message link organization',
    '{sender} shared the portfolio {portfolio} with you',
    '<p>Dear {recipient},</p><p>{sender} shared the portfolio {portfolio} with you:</p><p>{message}</p><p><a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.PORTFOLIO_UPDATED,
    'Portfolio Updated',
    'recipient sender portfolio link organization',
    'Your portfolio {portfolio} was updated',
    '<p>Dear {recipient},</p><p>{sender} updated the donor portfolio {portfolio}. Have a look:</p><p><a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.PORTFOLIO_SUBMITTED,
    'Portfolio Submitted',
    'recipient client portfolio link organization',
    '{client} submitted the portfolio {portfolio}',
    '<p>Dear {recipient},</p><p>{client} reviewed and submitted the portfolio {portfolio}:</p><p><a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.IP_QUERY,
    'Intended Parent Question',
    'recipient client query_type donor message organization',
    '{client}: {query_type}',
    '<p>Dear {recipient},</p><p>{client} sent a {query_type} about donor {donor}:</p><p>{message}</p>',
  ],
  [
    EMAIL_TYPE.MATCH_REQUESTED,
    'Match Requested',
    'recipient parent donor link organization',
    '{parent} requested a match with donor {donor}',
    '<p>Dear {recipient},</p><p>{parent} requested a match with donor {donor}. Review the request here:</p><p><a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.MATCH_STATUS_CHANGED,
    'Match Status Changed',
    'recipient donor status link organization',
    'Your match with donor {donor} is now {status}',
    '<p>Dear {recipient},</p><p>Your match with donor {donor} is now <strong>{status}</strong>. See the donor here:</p><p><a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.MATCH_CANCELLED,
    'Match Cancelled',
    'recipient donor reason organization',
    'Your match with donor {donor} was cancelled',
    '<p>Dear {recipient},</p><p>Your match request with donor {donor} was cancelled.</p><p>Reason: {reason}</p><p>Please contact your case manager if you have questions.</p>',
  ],
  [
    EMAIL_TYPE.DONOR_STATUS_MESSAGE,
    'Donor Status Changed',
    'recipient status message sender organization',
    'Your donor status at {organization} is now {status}',
    '<p>Dear {recipient},</p><p>Your donor status is now <strong>{status}</strong>.</p><p>{message}</p><p>{sender}</p>',
  ],
  [
    EMAIL_TYPE.DONOR_FORM_STATUS,
    'Donor Form Status',
    'recipient status message link organization',
    'Your donor application: {status}',
    '<p>Dear {recipient},</p><p>{organization} reviewed your donor form. Its status is now <b>{status}</b>.</p><p>{message}</p><p><a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.DETAILS_ACCESS_REQUEST,
    'Donor Details Access Request',
    'recipient client donor message link organization',
    '{client} asks for more details on donor {donor}',
    '<p>Dear {recipient},</p><p>{client} asks for more access to the details of donor {donor}:</p><p>{message}</p><p><a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.FAVORITE_NOTES_NOTIFICATION,
    'Favourite and Notes Notification',
    'recipient sender donor action message link organization',
    '{sender} {action} donor {donor}',
    '<p>Dear {recipient},</p><p>{sender} {action} donor {donor}.</p><p>{message}</p><p><a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.CHAT_MESSAGE,
    'Chat Message',
    'recipient sender message link organization',
    'New message from {sender}',
    '<p>Dear {recipient},</p><p>{sender} sent you a message:</p><p>{message}</p><p>Reply in the message room: <a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.EMAIL_CHANGE_VERIFICATION,
    'E-mail Change Verification',
    'recipient code link organization',
    'Verify your new e-mail address',
    '<p>Dear {recipient},</p><p>Your verification code is <strong>{code}</strong>. Enter it on your profile, or open this link while signed in:</p><p><a href="{link}">{link}</a></p><p>The code and the link expire in 30 minutes. If you did not ask to change your e-mail address, you can ignore this e-mail.</p>',
  ],
  [
    EMAIL_TYPE.SAVED_SEARCH_ALERT,
    'Saved Search Alert',
    'recipient count donors link organization',
    'New donors for your saved searches ({count})',
    '<p>Dear {recipient},</p><p>New donors match your saved searches at {organization}:</p>{donors}<p>Your saved searches: <a href="{link}">{link}</a></p><p>You get this e-mail once a day at most, while an alert is on. To stop it, turn off "E-mail me new matches daily" on the search.</p>',
  ],
  [
    EMAIL_TYPE.TWILIO_NUMBER_CHANGE_REQUEST,
    'Agency Phone Number Change Request',
    'recipient sender agency number message link organization',
    '{agency} asks for a new text message number',
    '<p>Dear {recipient},</p><p>{sender} of {agency} asks you to change the agency\'s text message number (requested number: {number}).</p><p>{message}</p><p>Set the number on the general configuration page: <a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.CONCIERGE_REQUEST,
    'Concierge Membership Request',
    'recipient client email contactno newsletter voicemail link organization',
    '{client} asks for the concierge membership',
    '<p>Dear {recipient},</p><p>{client} asks to upgrade to the concierge membership. Contact details given: {email}, {contactno} (voicemail: {voicemail}; newsletter: {newsletter}).</p><p>See the request and mark it handled here: <a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.CONCIERGE_REQUEST_RECEIVED,
    'Concierge Membership Request Received',
    'recipient link organization',
    'We received your concierge membership request',
    '<p>Dear {recipient},</p><p>Thank you for your interest in the concierge membership of {organization}. Our team will contact you shortly with the next steps.</p><p>Meanwhile you can keep browsing donors here: <a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.COACHING_SESSION_BOOKED,
    'Coaching Session Booked',
    'recipient client manager time location link organization',
    'Coaching session on {time}',
    '<p>Dear {recipient},</p><p>A coaching session of {client} with {manager} is booked for <b>{time}</b>.</p><p>Where: {location}</p><p>The calendar invitation is attached. Your sessions: <a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.COACHING_SESSION_CANCELLED,
    'Coaching Session Cancelled',
    'recipient client manager time link organization',
    'Coaching session cancelled: {time}',
    '<p>Dear {recipient},</p><p>The coaching session of {client} with {manager} on <b>{time}</b> is cancelled.</p><p>The attached calendar update removes it from your calendar. Your sessions: <a href="{link}">{link}</a></p>',
  ],
  [
    EMAIL_TYPE.DONOR_AVAILABLE_AGAIN,
    'Donor Available Again',
    'recipient donor link organization',
    'Donor {donor} takes match requests again',
    '<p>Dear {recipient},</p><p>Donor {donor}, whom you asked us to watch, takes match requests again at {organization}.</p><p>See the donor and request a match: <a href="{link}">{link}</a></p><p>You asked to be told on the donor\'s page; turn off "Notify me when this donor is available" there to stop these e-mails.</p>',
  ],
];

export const EMAIL_TYPES: readonly EmailTypeDef[] = ROWS.map(([id, title, names, subject, definition]) => ({
  id,
  title,
  // {unsubscribe}: every mail to an account may place its unsubscribe link.
  placeholders: [...names.split(' '), 'unsubscribe'].map((name) => `{${name}}`),
  subject,
  definition,
  signature: SIGNATURE,
}));
