import { idSchema, MSG, ZIP_FORMAT } from '@dm/shared';
import { z } from 'zod';

const isoCode = (label: string, message: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required.` : message) })
    .trim()
    .toUpperCase()
    .min(1, `${label} is required.`)
    .max(3, message)
    .regex(/^[A-Z0-9]+$/, message);

const countryCode = isoCode('Country', MSG.INVALID_COUNTRY);

/** The key of the zip_codes row a code belongs to (a Canadian postal code's forward sortation area). */
export function zipKey(country: string, zip: string): string {
  return country === 'CA' ? zip.replace(/\s/g, '').slice(0, 3) : zip;
}

const zipInput = {
  zip: z
    .string({ error: (issue) => (issue.input === undefined ? 'Zip is required.' : MSG.INVALID_ZIP) })
    .trim()
    .toUpperCase()
    .min(1, 'Zip is required.')
    .max(10, MSG.INVALID_ZIP),
  country: countryCode.default('US'),
};

/** The zip's format for its country; countries without zip data accept any code, and the lookup decides. */
function checkZipFormat(input: { zip: string; country: string }, ctx: z.RefinementCtx): void {
  const format = ZIP_FORMAT[input.country];
  if (format && !format.test(input.zip))
    ctx.addIssue({ code: 'custom', path: ['zip'], message: MSG.INVALID_ZIP });
}

/** GET /getcurrentyearandagencydata?centerId= */
export const agencyDataQuery = z.object({
  centerId: idSchema({ message: 'Center id is invalid.' }).optional(),
});

export const agencyDataAnswer = z.object({
  agency: z.object({
    centerId: z.number(),
    name: z.string(),
    appTitle: z.string(),
    metaDesc: z.string(),
    logoUrl: z.string().nullable(),
    preActiveAccess: z.boolean(),
    consumerSite: z.boolean(),
  }),
  year: z.number(),
});

export const centerOption = z.object({ centerId: z.number(), name: z.string() });
export const centerOptions = z.array(centerOption);

export const countryOptions = z.array(
  z.object({ isoCode: z.string(), name: z.string(), phoneCode: z.string() }),
);

/** GET /getallstates/{countryId}, an ISO code: /getallstates/US */
export const statesParams = z.object({ countryId: countryCode });
export const stateOptions = z.array(z.object({ isoCode: z.string(), name: z.string() }));

/** GET /getallcities/{stateId}/{countryId}, ISO codes: /getallcities/NY/US */
export const citiesParams = z.object({
  countryId: countryCode,
  stateId: isoCode('State', MSG.INVALID_STATE),
});
export const cityOptions = z.array(z.object({ name: z.string() }));

/** POST /fetchcoordinate */
export const fetchCoordinateBody = z
  .object({ ...zipInput, checkOnly: z.boolean().default(false) })
  .superRefine(checkZipFormat);
export type FetchCoordinateBody = z.infer<typeof fetchCoordinateBody>;

export const zipCoordinate = z.object({
  zip: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  city: z.string(),
  state: z.string(),
});
export const fetchCoordinateAnswer = z.union([zipCoordinate, z.object({ valid: z.boolean() })]);

/** POST /checkcoordinateszipcode */
export const checkZipBody = z.object(zipInput).superRefine(checkZipFormat);
export type CheckZipBody = z.infer<typeof checkZipBody>;
export const checkZipAnswer = z.object({ val: z.boolean() });

export const agenciesWithDonorAccessAnswer = z.object({
  agencies: centerOptions,
  agencyWithMultiAgencyAccess: z.array(z.number()),
});

/** GET /getcenters?adm_id: only the center of that admin or case manager. */
export const centersQuery = z.object({
  adm_id: idSchema({ message: 'Admin is invalid.' }).optional(),
});

/** POST checkfornewagency {last_login}: a date or timestamp. */
export const newAgencyBody = z.object({
  last_login: z.coerce.date({ error: 'Last login is invalid.' }),
});
