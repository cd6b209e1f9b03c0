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
} as const;

export const EMAIL_TYPES: readonly EmailTypeDef[] = [
  {
    id: EMAIL_TYPE.RESET_PASSWORD,
    title: 'Reset Password',
    placeholders: ['{recipient}', '{link}', '{organization}'],
    subject: 'Reset your password',
    definition:
      '<p>Dear {recipient},</p><p>We received a request to reset your password. Open this link to choose a new one; it works once and expires in two hours:</p><p><a href="{link}">{link}</a></p><p>If you did not ask for this, you can ignore this e-mail.</p>',
    signature: SIGNATURE,
  },
  {
    id: EMAIL_TYPE.INVITE_CLIENT,
    title: 'Invite Intended Parent',
    placeholders: ['{recipient}', '{link}', '{sender}', '{organization}'],
    subject: 'You are invited to join {organization}',
    definition:
      '<p>Dear {recipient},</p><p>{sender} invited you to browse donor profiles with {organization}. Create your account here:</p><p><a href="{link}">{link}</a></p>',
    signature: SIGNATURE,
  },
  {
    id: EMAIL_TYPE.INVITE_MANAGER,
    title: 'Invite Case Manager',
    placeholders: ['{recipient}', '{link}', '{sender}', '{organization}'],
    subject: 'Your case manager account at {organization}',
    definition:
      '<p>Dear {recipient},</p><p>{sender} added you as a case manager at {organization}. Create your password here:</p><p><a href="{link}">{link}</a></p>',
    signature: SIGNATURE,
  },
  {
    id: EMAIL_TYPE.INVITE_ADMIN,
    title: 'Invite Admin',
    placeholders: ['{recipient}', '{link}', '{sender}', '{organization}'],
    subject: 'Your administrator account at {organization}',
    definition:
      '<p>Dear {recipient},</p><p>{sender} added you as an administrator at {organization}. Create your password here:</p><p><a href="{link}">{link}</a></p>',
    signature: SIGNATURE,
  },
  {
    id: EMAIL_TYPE.INVITE_DONOR,
    title: 'Invite Donor',
    placeholders: ['{recipient}', '{link}', '{sender}', '{organization}'],
    subject: 'Complete your donor application with {organization}',
    definition:
      '<p>Dear {recipient},</p><p>{organization} invited you to apply as a donor. Create your account and start your application here:</p><p><a href="{link}">{link}</a></p>',
    signature: SIGNATURE,
  },
  {
    id: EMAIL_TYPE.REGISTRATION_WELCOME,
    title: 'Registration Welcome',
    placeholders: ['{recipient}', '{link}', '{organization}'],
    subject: 'Welcome to {organization}',
    definition:
      '<p>Dear {recipient},</p><p>Thank you for registering with {organization}. You can sign in at any time here:</p><p><a href="{link}">{link}</a></p>',
    signature: SIGNATURE,
  },
  {
    id: EMAIL_TYPE.INVITE_SECONDARY_PARENT,
    title: 'Invite Second Intended Parent',
    placeholders: ['{recipient}', '{link}', '{sender}', '{organization}'],
    subject: '{sender} invited you to {organization}',
    definition:
      '<p>Dear {recipient},</p><p>{sender} invited you to share their donor search at {organization}. Create your account here:</p><p><a href="{link}">{link}</a></p>',
    signature: SIGNATURE,
  },
  {
    id: EMAIL_TYPE.DONOR_FIRST_REMINDER,
    title: 'Donor Form Reminder (first)',
    placeholders: ['{recipient}', '{link}', '{organization}'],
    subject: 'Your donor application is waiting',
    definition:
      '<p>Dear {recipient},</p><p>Your donor application with {organization} is not finished yet. Continue here:</p><p><a href="{link}">{link}</a></p>',
    signature: SIGNATURE,
  },
  {
    id: EMAIL_TYPE.DONOR_RECURRING_REMINDER,
    title: 'Donor Form Reminder (recurring)',
    placeholders: ['{recipient}', '{link}', '{organization}'],
    subject: 'Reminder: finish your donor application',
    definition:
      '<p>Dear {recipient},</p><p>This is a friendly reminder to finish your donor application with {organization}:</p><p><a href="{link}">{link}</a></p>',
    signature: SIGNATURE,
  },
  {
    id: EMAIL_TYPE.SHARE_DONOR,
    title: 'Share Donor With Case Manager',
    placeholders: ['{recipient}', '{sender}', '{donor}', '{message}', '{link}', '{organization}'],
    subject: '{sender} shared donor {donor} with you',
    definition:
      '<p>Dear {recipient},</p><p>{sender} shared donor {donor} with you:</p><p>{message}</p><p><a href="{link}">{link}</a></p>',
    signature: SIGNATURE,
  },
  {
    id: EMAIL_TYPE.SHARE_PORTFOLIO_CLIENT,
    title: 'Share Portfolio With Intended Parent',
    placeholders: ['{recipient}', '{sender}', '{portfolio}', '{message}', '{link}', '{organization}'],
    subject: '{sender} shared the portfolio {portfolio} with you',
    definition:
      '<p>Dear {recipient},</p><p>{sender} prepared the donor portfolio {portfolio} for you:</p><p>{message}</p><p><a href="{link}">{link}</a></p>',
    signature: SIGNATURE,
  },
  {
    id: EMAIL_TYPE.SHARE_PORTFOLIO_MANAGER,
    title: 'Share Portfolio With Case Manager',
    placeholders: ['{recipient}', '{sender}', '{portfolio}', '{message}', '{link}', '{organization}'],
    subject: '{sender} shared the portfolio {portfolio} with you',
    definition:
      '<p>Dear {recipient},</p><p>{sender} shared the portfolio {portfolio} with you:</p><p>{message}</p><p><a href="{link}">{link}</a></p>',
    signature: SIGNATURE,
  },
  {
    id: EMAIL_TYPE.PORTFOLIO_UPDATED,
    title: 'Portfolio Updated',
    placeholders: ['{recipient}', '{sender}', '{portfolio}', '{link}', '{organization}'],
    subject: 'Your portfolio {portfolio} was updated',
    definition:
      '<p>Dear {recipient},</p><p>{sender} updated the donor portfolio {portfolio}. Have a look:</p><p><a href="{link}">{link}</a></p>',
    signature: SIGNATURE,
  },
  {
    id: EMAIL_TYPE.PORTFOLIO_SUBMITTED,
    title: 'Portfolio Submitted',
    placeholders: ['{recipient}', '{client}', '{portfolio}', '{link}', '{organization}'],
    subject: '{client} submitted the portfolio {portfolio}',
    definition:
      '<p>Dear {recipient},</p><p>{client} reviewed and submitted the portfolio {portfolio}:</p><p><a href="{link}">{link}</a></p>',
    signature: SIGNATURE,
  },
  {
    id: EMAIL_TYPE.IP_QUERY,
    title: 'Intended Parent Question',
    placeholders: ['{recipient}', '{client}', '{query_type}', '{donor}', '{message}', '{organization}'],
    subject: '{client}: {query_type}',
    definition:
      '<p>Dear {recipient},</p><p>{client} sent a {query_type} about donor {donor}:</p><p>{message}</p>',
    signature: SIGNATURE,
  },
  {
    id: EMAIL_TYPE.MATCH_REQUESTED,
    title: 'Match Requested',
    placeholders: ['{recipient}', '{parent}', '{donor}', '{link}', '{organization}'],
    subject: '{parent} requested a match with donor {donor}',
    definition:
      '<p>Dear {recipient},</p><p>{parent} requested a match with donor {donor}. Review the request here:</p><p><a href="{link}">{link}</a></p>',
    signature: SIGNATURE,
  },
  {
    id: EMAIL_TYPE.MATCH_STATUS_CHANGED,
    title: 'Match Status Changed',
    placeholders: ['{recipient}', '{donor}', '{status}', '{link}', '{organization}'],
    subject: 'Your match with donor {donor} is now {status}',
    definition:
      '<p>Dear {recipient},</p><p>Your match with donor {donor} is now <strong>{status}</strong>. See the donor here:</p><p><a href="{link}">{link}</a></p>',
    signature: SIGNATURE,
  },
  {
    id: EMAIL_TYPE.MATCH_CANCELLED,
    title: 'Match Cancelled',
    placeholders: ['{recipient}', '{donor}', '{reason}', '{organization}'],
    subject: 'Your match with donor {donor} was cancelled',
    definition:
      '<p>Dear {recipient},</p><p>Your match request with donor {donor} was cancelled.</p><p>Reason: {reason}</p><p>Please contact your case manager if you have questions.</p>',
    signature: SIGNATURE,
  },
  {
    id: EMAIL_TYPE.DONOR_STATUS_MESSAGE,
    title: 'Donor Status Changed',
    placeholders: ['{recipient}', '{status}', '{message}', '{sender}', '{organization}'],
    subject: 'Your donor status at {organization} is now {status}',
    definition:
      '<p>Dear {recipient},</p><p>Your donor status is now <strong>{status}</strong>.</p><p>{message}</p><p>{sender}</p>',
    signature: SIGNATURE,
  },
  {
    id: EMAIL_TYPE.DONOR_FORM_STATUS,
    title: 'Donor Form Status',
    placeholders: ['{recipient}', '{status}', '{message}', '{link}', '{organization}'],
    subject: 'Your donor application: {status}',
    definition:
      '<p>Dear {recipient},</p><p>{organization} reviewed your donor form. Its status is now <b>{status}</b>.</p><p>{message}</p><p><a href="{link}">{link}</a></p>',
    signature: SIGNATURE,
  },
  {
    id: EMAIL_TYPE.DETAILS_ACCESS_REQUEST,
    title: 'Donor Details Access Request',
    placeholders: ['{recipient}', '{client}', '{donor}', '{message}', '{link}', '{organization}'],
    subject: '{client} asks for more details on donor {donor}',
    definition:
      '<p>Dear {recipient},</p><p>{client} asks for more access to the details of donor {donor}:</p><p>{message}</p><p><a href="{link}">{link}</a></p>',
    signature: SIGNATURE,
  },
  {
    id: EMAIL_TYPE.FAVORITE_NOTES_NOTIFICATION,
    title: 'Favourite and Notes Notification',
    placeholders: ['{recipient}', '{sender}', '{donor}', '{action}', '{message}', '{link}', '{organization}'],
    subject: '{sender} {action} donor {donor}',
    definition:
      '<p>Dear {recipient},</p><p>{sender} {action} donor {donor}.</p><p>{message}</p><p><a href="{link}">{link}</a></p>',
    signature: SIGNATURE,
  },
];
