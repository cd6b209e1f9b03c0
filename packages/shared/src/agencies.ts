import { z } from 'zod';
import { MSG } from './messages.js';
import { contactNoSchema, idSchema, pageWindow } from './validation.js';

// Agency administration (master admin) and the zip-code table: request and answer schemas.

const required = (label: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined || issue.input === null ? `${label} is required.` : `${label} is invalid.`,
});

const text = (label: string, max = 300) =>
  z
    .string(required(label))
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

const optionalText = (label: string, max = 2000) =>
  z.string(required(label)).trim().max(max, `${label} must be at most ${max} characters.`).default('');

const email = z
  .string(required('Email'))
  .trim()
  .toLowerCase()
  .min(1, 'Email is required.')
  .pipe(z.email({ message: MSG.INVALID_EMAIL }));

const contactNo = z
  .string(required('Contact number'))
  .transform((v) => v.replace(/\D/g, ''))
  .pipe(contactNoSchema)
  .refine((v) => v.length > 0, 'Contact number is required.');

const agencyUrl = text('Agency URL', 500).refine(
  (v) => /^(https?:\/\/)?[\w-]+(\.[\w-]+)+(\/\S*)?$/i.test(v),
  'Agency URL is invalid.',
);

const zipcode = z
  .string(required('Zip code'))
  .trim()
  .toUpperCase()
  .min(1, 'Zip code is required.')
  .max(10, MSG.INVALID_ZIP);

const sortOrder = z.enum(['asc', 'desc'], { error: 'Order must be asc or desc.' }).default('asc');
const paging = {
  ...pageWindow(20),
  search: z.string().trim().max(200, 'Search must be at most 200 characters.').default(''),
  ord: sortOrder,
};

/** POST /getcentersdetails/{id}: 0 lists agencies, an id answers that one agency. */
export const centerDetailsParams = z.object({
  id: idSchema({ message: 'Center id is invalid.', orZero: true }),
});

export const AGENCY_SORTS = [
  'name',
  'email',
  'contactNo',
  'zipcode',
  'activecount',
  'archivedcount',
  'status',
] as const;
export const agencyListBody = z
  .object({
    ...paging,
    sort: z.enum(AGENCY_SORTS, { error: 'Sort is invalid.' }).default('name'),
    domain: z.enum(['Agency', 'Clinic', ''], { error: 'Domain is invalid.' }).default(''),
  })
  .default({ from: 0, to: 20, search: '', ord: 'asc', sort: 'name', domain: '' });
export type AgencyListBody = z.infer<typeof agencyListBody>;

/** POST /addcenterdetails */
export const addAgencyBody = z.object({
  name: text('Name'),
  email,
  contact_no: contactNo,
  agency_url: agencyUrl,
  zipcode,
  country: z
    .string(required('Country'))
    .trim()
    .toUpperCase()
    .min(1, 'Country is required.')
    .max(3, MSG.INVALID_COUNTRY)
    .regex(/^[A-Z0-9]+$/, MSG.INVALID_COUNTRY),
  address: optionalText('Address', 500),
  summary: optionalText('Summary'),
  domain: z.enum(['Agency', 'Clinic'], { error: 'Domain must be Agency or Clinic.' }).default('Agency'),
});
export type AddAgencyBody = z.infer<typeof addAgencyBody>;

/** POST /updatecenterdetails */
export const updateAgencyBody = z.object({
  center_id: idSchema({ label: 'Center id' }),
  name: text('Name'),
  address: text('Address', 500),
  email,
  contact_no: contactNo,
  summary: text('Summary', 2000),
  agency_url: agencyUrl,
  zipcode,
  domain: z.enum(['Agency', 'Clinic'], { error: 'Domain must be Agency or Clinic.' }).optional(),
});
export type UpdateAgencyBody = z.infer<typeof updateAgencyBody>;

/** POST /agencyvisibility */
export const agencyVisibilityBody = z.object({
  center_id: idSchema({ label: 'Center id' }),
  status: z.union([z.literal(0), z.literal(1)], { error: 'Status must be 0 or 1.' }),
});

/** GET /getallowedorganization/{center} */
export const allowedOrganizationParams = z.object({ center: idSchema({ label: 'Center id' }) });

/** POST /updateallowedorganization: the full set of centers whose donors `center_id` may see. */
export const updateAllowedOrganizationBody = z.object({
  center_id: idSchema({ label: 'Center id' }),
  center_details: z
    .array(idSchema({ label: 'Center id' }), { error: 'Center details must be a list of center ids.' })
    .max(500),
});

const zipcodeUs = z
  .string(required('Zip code'))
  .trim()
  .min(1, 'Zip code is required.')
  .regex(/^\d{5}$/, MSG.ZIP_CODE_FORMAT);
const coordinate = (label: string, limit: number, message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? `${label} is required.` : message) })
      .min(-limit, message)
      .max(limit, message),
  );

/** POST /getzipcodes */
export const ZIP_SORTS = ['zipcode', 'latitude', 'longitude', 'city', 'state'] as const;
export const zipListBody = z
  .object({ ...paging, sort: z.enum(ZIP_SORTS, { error: 'Sort is invalid.' }).default('zipcode') })
  .default({ from: 0, to: 20, search: '', ord: 'asc', sort: 'zipcode' });
export type ZipListBody = z.infer<typeof zipListBody>;

/** POST /addzipcode */
export const addZipBody = z.object({
  zipcode: zipcodeUs,
  latitude: coordinate('Latitude', 90, MSG.LATITUDE_RANGE),
  longitude: coordinate('Longitude', 180, MSG.LONGITUDE_RANGE),
});
export type AddZipBody = z.infer<typeof addZipBody>;

/** POST /updatezipcodedetails: `old_zipcode` names the row (defaults to `zipcode`). */
export const updateZipBody = addZipBody.extend({ old_zipcode: zipcodeUs.optional() });
export type UpdateZipBody = z.infer<typeof updateZipBody>;

/** POST /deletezipcodedetails */
export const deleteZipBody = z.object({ zipcode: zipcodeUs });
export type DeleteZipBody = z.infer<typeof deleteZipBody>;

/** POST /getcentersdetails/{id}: one agency row (the agency list, or one agency with id > 0). */
export const agencyRow = z.object({
  centerId: z.number(),
  name: z.string(),
  address: z.string(),
  email: z.string(),
  contactNo: z.string(),
  summary: z.string(),
  agencyUrl: z.string(),
  zipcode: z.string(),
  country: z.string(),
  domain: z.string(),
  /** 1 visible, 0 hidden. */
  status: z.union([z.literal(0), z.literal(1)]),
  activecount: z.number(),
  archivedcount: z.number(),
});
export type AgencyRow = z.output<typeof agencyRow>;

export const agencyList = z.object({ rows: z.array(agencyRow), count: z.number() });
export type AgencyList = z.output<typeof agencyList>;

/** GET /getallowedorganization/{center}: every other center and whether its donors are shared. */
export const allowedOrganization = z.object({ centerId: z.number(), name: z.string(), allowed: z.boolean() });
export type AllowedOrganization = z.output<typeof allowedOrganization>;

/** POST /getzipcodes */
export const zipCodeRow = z.object({
  zipcode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  city: z.string(),
  state: z.string(),
});
export type ZipCodeRow = z.output<typeof zipCodeRow>;

export const zipCodeList = z.object({ rows: z.array(zipCodeRow), count: z.number() });
export type ZipCodeList = z.output<typeof zipCodeList>;
