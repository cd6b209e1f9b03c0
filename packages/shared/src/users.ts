import { z } from 'zod';
import { CLIENT_GRID_SIZE } from './constants.js';
import { MSG } from './messages.js';
import { type RoleId, USER_STATUS, type UserStatus } from './roles.js';
import { contactNoSchema, emailSchema, idSchema, nameSchema, passwordSchema } from './validation.js';

/**
 * User administration (donor-forms-admin spec: users grids, invite, status rules, assignment,
 * second intended parent, IP search history, registered IP report). The web forms and the
 * server judge input with these same schemas.
 */

/** Messages of the users screens; spec wording where the spec has one. */
export const USERS_MSG = {
  ASSIGN_MANAGER_FIRST: 'Please assign a case manager to the Intended Parent first.',
  SELECT_ONE: 'Please select atleast one value',
  ARCHIVE_REASON_REQUIRED: 'Please enter Archive Reason',
  PREACTIVE_CONFIRM:
    'This Intended Parent is Active. Moving them to Pre-Active ends their access to donors until they subscribe again. Continue?',
  PORTFOLIO_CONFIRM:
    'This case manager has active portfolios. Do you still want to archive the case manager?',
  STATUS_UPDATED: 'Status updated successfully.',
  DETAILS_UPDATED: 'User details updated successfully.',
  PASSWORD_SET: 'Temporary password set successfully.',
  USER_DELETED: 'User deleted successfully.',
  CLIENTS_ASSIGNED: 'Client(s) assigned successfully.',
  DONORS_ASSIGNED: 'Donor(s) assigned successfully.',
  USERNAME_SAME_AS_NAME: 'Username must be different from the first and last name.',
  USERNAME_REENTER: 'Username and re-entered username must be the same.',
  SECONDARY_EXISTS: 'A second intended parent has already been invited.',
  SECONDARY_OF_SECONDARY: 'Only a primary intended parent can invite a second intended parent.',
  NOT_SIGNED_UP: 'Only a user who has signed up can be made Active or Pre-Active.',
  PREACTIVE_CLIENTS_ONLY: 'Only Intended Parents can be Pre-Active.',
  USER_HAS_RECORDS:
    'This user has records that depend on them and cannot be deleted. Archive the user instead.',
  DELETE_CONFIRM: 'Are you sure you want to delete this user?',
  DELETE_SELF: 'You cannot delete your own account.',
  INVALID_DATE_RANGE: 'The start date must be before the end date.',
  SAME_ROLE: 'The user already has this user type.',
  DONOR_ROLE_FIXED: 'A donor cannot be invited for another user type.',
  ROLE_CHANGED: 'Invitation sent for the new user type.',
} as const;

/** Statuses staff may set by hand (Invited is only ever the state before sign-up). */
export const SETTABLE_STATUS = ['Active', 'Pre-Active', 'Archived'] as const;
export type SettableStatus = (typeof SETTABLE_STATUS)[number];

export const USER_SORTS = [
  'name',
  'username',
  'role',
  'status',
  'manager',
  'createdAt',
  'lastLoginAt',
] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** Which users of the center a grid lists: every one, mine (a manager's clients), unassigned clients. */
export const USER_SCOPES = ['all', 'my', 'unassigned'] as const;
export type UserScope = (typeof USER_SCOPES)[number];

const roleIdSchema = z.union(
  [z.literal(1), z.literal(2), z.literal(6), z.literal(7), z.literal(9)],
  'User type is invalid.',
);

const listPaging = {
  from: z.coerce.number().int().min(0, 'From is invalid.').default(0),
  to: z.coerce
    .number()
    .int()
    .min(1, 'To is invalid.')
    .max(100, 'To must be at most 100.')
    .default(CLIENT_GRID_SIZE),
  search: z.string().trim().max(200, 'Search must be at most 200 characters.').default(''),
  ord: z.enum(['asc', 'desc'], 'Order must be asc or desc.').default('asc'),
};

/** POST /getallusers (and the role grids, assignment lists and their CSV exports). */
export const userListBody = z.object({
  ...listPaging,
  sort: z.enum(USER_SORTS, 'Sort is invalid.').default('name'),
  /** Only this role; the role grids fix it. */
  user_type_id: roleIdSchema.optional(),
  user_status: z.enum([...USER_STATUS, ''], 'Status is invalid.').default(''),
  scope: z.enum(USER_SCOPES, 'Scope is invalid.').default('all'),
  /** Clients only: primary (no parent) or secondary parents. */
  parent_type: z.enum(['', 'primary', 'secondary'], 'Parent type is invalid.').default(''),
  /** Only users whose case manager (clients) or assignee (donors) is this user. */
  manager_id: idSchema({ label: 'Manager' }).optional(),
  /** Master admin only: one center (others always see their own). */
  center_id: idSchema({ label: 'Center' }).optional(),
});
export type UserListBody = z.input<typeof userListBody>;
export type UserListQuery = z.output<typeof userListBody>;

export interface UserRow {
  userId: number;
  centerId: number;
  centerName: string;
  role: RoleId;
  status: UserStatus;
  username: string;
  firstName: string;
  middleName: string;
  lastName: string;
  contactNo: string;
  /** Clients: their case manager; donors: the admin or manager they are assigned to. */
  managerId: number | null;
  managerName: string | null;
  parentId: number | null;
  hasSecondary: boolean;
  archivedNote: string | null;
  createdAt: string;
  lastLoginAt: string | null;
}

export interface UserList {
  rows: UserRow[];
  count: number;
}

export const USER_CSV_HEADER = [
  'User Id',
  'First Name',
  'Middle Name',
  'Last Name',
  'Email',
  'Contact Number',
  'User Type',
  'Status',
  'Case Manager',
  'Agency',
  'Created',
  'Last Login',
] as const;

const personName = nameSchema;

/** Invite user: username, first and last name, type (and center for the master); the username differs from the names. */
export const inviteUserBody = z
  .object({
    username: emailSchema,
    userType: roleIdSchema,
    firstname: personName('First Name'),
    lastname: personName('Last Name'),
    managerId: idSchema().optional(),
    /** Required when the master admin invites an agency admin; others invite into their own center. */
    centerId: idSchema().optional(),
  })
  .refine(
    (v) => ![v.firstname, v.lastname].some((n) => n.trim().toLowerCase() === v.username.trim().toLowerCase()),
    { message: USERS_MSG.USERNAME_SAME_AS_NAME, path: ['username'] },
  );
export type InviteUserBody = z.infer<typeof inviteUserBody>;

/**
 * POST /inviteuserforanotherrole: someone invited under the wrong user type, who has not
 * signed up yet, is invited again under another one (a new link; the old one stops working).
 */
export const inviteForAnotherRoleBody = z.object({
  user_id: idSchema({ label: 'User' }),
  user_type: roleIdSchema,
});
export type InviteForAnotherRoleBody = z.input<typeof inviteForAnotherRoleBody>;

/** POST /getclientslist: the intended parents a staff member picks from (name or e-mail search). */
export const clientsListBody = z.object({
  search: z.string().trim().max(200, 'Search must be at most 200 characters.').default(''),
});
export type ClientsListBody = z.input<typeof clientsListBody>;

export interface ClientOption {
  userId: number;
  name: string;
  username: string;
  status: UserStatus;
}

/** GET /getusercontactdetails/{id}: how staff reach a user of their center. */
export interface UserContactDetails {
  userId: number;
  role: RoleId;
  name: string;
  email: string;
  contactNo: string;
  countryCode: string;
}

/** GET /getlastcacheupdatedtime: when the intended-parent list was last refreshed (null: never). */
export interface IpCacheTime {
  updatedAt: string | null;
}

/** POST /updateuserstatus. confirmed answers the Pre-Active and active-portfolio questions. */
export const updateUserStatusBody = z.object({
  user_id: idSchema({ label: 'User' }),
  status: z.enum(SETTABLE_STATUS, 'Status is invalid.'),
  archiveReason: z.string().trim().max(1000, 'Archive Reason is too long.').optional(),
  confirmed: z.boolean().default(false),
});
export type UpdateUserStatusBody = z.input<typeof updateUserStatusBody>;

/** What a 409 from /updateuserstatus asks the caller to confirm. */
export type StatusConfirmation = { confirm: 'preactive' } | { confirm: 'portfolio'; portfolios: number };

export interface UserStatusAnswer {
  userId: number;
  status: UserStatus;
  /** Secondary parents whose status followed. */
  followers: number[];
}

/** POST /updateuserdetails: first name, last name, e-mail and contact number are required. */
export const updateUserDetailsBody = z.object({
  user_id: idSchema({ label: 'User' }),
  firstname: personName('First Name'),
  middlename: z.string().trim().max(100, 'Middle Name is too long.').default(''),
  lastname: personName('Last Name'),
  email: z.string('Please enter Email').trim().min(1, 'Please enter Email').pipe(emailSchema),
  contactno: z
    .string('Please enter Contact Number')
    .transform((v) => v.replace(/\D/g, ''))
    .pipe(contactNoSchema)
    .refine((v) => v.length > 0, 'Please enter Contact Number'),
});
export type UpdateUserDetailsBody = z.input<typeof updateUserDetailsBody>;

/** POST /settemporarypassword */
export const temporaryPasswordBody = z
  .object({ user_id: idSchema({ label: 'User' }), password: passwordSchema, password_c: z.string() })
  .refine((v) => v.password === v.password_c, { message: MSG.PASSWORD_MISMATCH, path: ['password_c'] });
export type TemporaryPasswordBody = z.input<typeof temporaryPasswordBody>;

/** POST /assignclienttomanager */
export const assignClientsBody = z.object({
  manager_id: idSchema({ label: 'Manager' }),
  clients: z.array(idSchema()).min(1, USERS_MSG.SELECT_ONE).max(500),
});
export type AssignClientsBody = z.input<typeof assignClientsBody>;

/** POST /assigndonortoadminmanager */
export const assignDonorsBody = z.object({
  admin_manager_id: idSchema({ label: 'Admin or manager' }),
  donors: z.array(idSchema()).min(1, USERS_MSG.SELECT_ONE).max(500),
});
export type AssignDonorsBody = z.input<typeof assignDonorsBody>;

export interface AssignAnswer {
  assigned: number;
}

/** A manager or admin to pick in the assignment screens. */
export interface StaffOption {
  userId: number;
  name: string;
  role: RoleId;
}

/** POST /invitesecondaryip: a primary parent's second parent; the username is typed twice. */
export const inviteSecondaryBody = z
  .object({
    primaryIP_id: idSchema({ label: 'Intended Parent' }),
    secondaryIP_username: emailSchema,
    secondaryIP_reusername: z.string().trim().toLowerCase(),
    secondaryIP_fname: personName('First Name'),
    secondaryIP_lname: personName('Last Name'),
  })
  .refine((v) => v.secondaryIP_username === v.secondaryIP_reusername, {
    message: USERS_MSG.USERNAME_REENTER,
    path: ['secondaryIP_reusername'],
  });
export type InviteSecondaryBody = z.input<typeof inviteSecondaryBody>;

/** POST /getipsearchhistory */
export const IP_SEARCH_SORTS = ['createdAt', 'name', 'resultCount'] as const;
export const ipSearchHistoryBody = z.object({
  ...listPaging,
  sort: z.enum(IP_SEARCH_SORTS, 'Sort is invalid.').default('createdAt'),
});
export type IpSearchHistoryBody = z.input<typeof ipSearchHistoryBody>;

export interface IpSearchRow {
  id: number;
  userId: number;
  name: string;
  username: string;
  /** The filters the parent used, as "label: value" parts. */
  summary: string;
  resultCount: number;
  createdAt: string;
}

export interface IpSearchHistory {
  rows: IpSearchRow[];
  count: number;
}

const isoDate = (label: string) =>
  z.string(`Please enter ${label}`).regex(/^\d{4}-\d{2}-\d{2}$/, `${label} is invalid.`);

/** POST /generateregisteredipcsv: intended parents registered between two days (inclusive). */
export const registeredIpReportBody = z
  .object({
    startdate: isoDate('Start Date'),
    lastdate: isoDate('End Date'),
    userstatus: z.enum([...USER_STATUS, ''], 'Status is invalid.').default(''),
  })
  .refine((v) => v.startdate <= v.lastdate, { message: USERS_MSG.INVALID_DATE_RANGE, path: ['lastdate'] });
export type RegisteredIpReportBody = z.input<typeof registeredIpReportBody>;

export const REGISTERED_IP_CSV_HEADER = [
  'User Id',
  'First Name',
  'Last Name',
  'Email',
  'Contact Number',
  'Status',
  'Case Manager',
  'Registered',
  'Referrer',
] as const;

/** The display name of a user row. */
export function userFullName(u: { firstName: string; middleName?: string; lastName: string }): string {
  return [u.firstName, u.middleName, u.lastName].filter((p) => p && p.trim() !== '').join(' ');
}
