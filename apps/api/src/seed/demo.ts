import {
  DEFAULT_REJECTION_RANGE,
  DEMO_PASSWORD,
  feeOptionKey,
  ROLE,
  type RoleId,
  type UserStatus,
} from '@dm/shared';
import { eq, sql } from 'drizzle-orm';
import {
  type CenterSettings,
  centerDonorAccess,
  centers,
  donors,
  feeOptions,
  terms,
  users,
} from '../db/schema/index.js';
import { hashPassword } from '../platform/crypto.js';
import type { Db } from '../platform/db.js';
import { seedCoachingDemo } from './coaching.js';
import { seedConsumerDemo } from './consumer.js';
import { writeDemoDonorProfile } from './donors.js';
import { seedPaymentsDemo } from './payments.js';
import type { WriteDeps } from './write.js';

interface CenterSeed {
  id: number;
  name: string;
  appTitle: string;
  onboarded?: boolean;
  preActiveAccess?: boolean;
  payments?: boolean;
  consumerSite?: boolean;
  settings?: Partial<CenterSettings>;
  /** The suffix of this center's demo accounts (admin{suffix}@demo.test ...). */
  suffix: string;
}

/**
 * The spec's centers, with the flags that reproduce their behaviour:
 * 1 main; 111 consumer (payments, pre-active access, feedback, comparison, request limit 6);
 * 85 hatch (combined request limit 3); 133 gwk (hidden from center lists, feedback);
 * 46 circle (self-only relations, race totals need not be 100); 36 consultant (not onboarded).
 */
export const DEMO_CENTERS: CenterSeed[] = [
  {
    id: 1,
    name: 'Main Agency',
    appTitle: 'Donor Match',
    suffix: '',
    // The demo donor doubles as the main center's sample donor; pre-forms are judged by the defaults.
    settings: {
      isCompensationVisible: true,
      sampleDonorCode: 'D-1001',
      rejectionRange: DEFAULT_REJECTION_RANGE,
      autoRejection: true,
      matchingToolAllowed: true,
      // Sends text messages: sign-up offers text notifications; the local outbox by default.
      receiveTextMessages: true,
      // The intended-parent form: parent@demo.test meets it on a first login. The other
      // demo centers keep it off (parent85@demo.test shows the behaviour without it).
      ipFormVisible: true,
    },
  },
  {
    id: 111,
    name: 'Consumer Donor Bank',
    appTitle: 'Donor Match Direct',
    suffix: '111',
    preActiveAccess: true,
    payments: true,
    consumerSite: true,
    settings: {
      feedbackAllowed: true,
      compareDonors: true,
      matchRequestLimit: 6,
      canPreactiveIpAccessDonorDetail: true,
      isFirstNameVisible: false,
    },
  },
  {
    id: 85,
    name: 'Hatch Fertility',
    appTitle: 'Hatch Donors',
    suffix: '85',
    settings: { combinedRequestLimit: 3, frozenEggsPending: true },
  },
  {
    id: 133,
    name: 'GWK Egg Bank',
    appTitle: 'GWK Donors',
    suffix: '133',
    settings: { excludedFromCenterList: true, feedbackAllowed: true, viewsSortDescending: true },
  },
  {
    id: 46,
    name: 'Circle Surrogacy',
    appTitle: 'Circle Donors',
    suffix: '46',
    settings: {
      selfOnlyRelations: true,
      raceTotalFree: true,
      parentTypeFilter: true,
      // The circle center's own general tab (its labels and fields differ from the default form).
      donorFormTemplate: {
        clinicLabel: 'IVF Clinic',
        tabs: {
          general: {
            hidden: ['donorFee', 'donorFeeOther', 'eggDonationArrangement'],
            labels: { agencyDisplayId: 'Circle donor id' },
          },
        },
      },
    },
  },
  { id: 36, name: 'Consultant Clinic', appTitle: 'Consultant Donors', suffix: '36', onboarded: false },
];

/** Global fee options: [option, comment]. */
export const DEMO_FEE_OPTIONS: [string, string][] = [
  ['$8,000', 'First-time donors'],
  ['$10,000', 'Donors with one completed cycle'],
  ['$12,000', 'Donors with proven fertility'],
];

export const TERMS_TEXT = [
  'Terms and Conditions',
  'These terms govern your use of the donor matching platform operated by your agency.',
  '1. Privacy. Donor profiles contain medical and genetic information shared in confidence. You may use it only to choose a donor through your agency and must not copy, publish or share it.',
  '2. Accounts. Keep your password secret. You are responsible for what is done with your account. Tell your agency at once if you suspect misuse.',
  '3. Accuracy. Donors confirm that what they enter is true to the best of their knowledge. Agencies review profiles but cannot guarantee every detail.',
  '4. Matching. Requesting a match does not guarantee that a donor is available. Your agency confirms every match in writing.',
  '5. Communication. Messages sent through the platform are stored and may be read by your agency staff to support your case.',
  '6. Fees. Any fees are agreed with your agency. Payments made through the platform follow the terms shown at purchase.',
  '7. Changes. These terms may change; you will be asked to accept the new version when you next sign in.',
  '8. Contact. Questions about these terms go to your agency.',
].join('\n\n');

export const TERMS_PUBLISHED_AT = new Date('2026-01-01T00:00:00Z');

interface UserSeed {
  username: string;
  role: RoleId;
  status: UserStatus;
  centerId: number;
  firstName: string;
  lastName: string;
  manager?: string;
  /** profile: give the account a complete generated donor profile. */
  donor?: { availability: string; preFormStatus: number | null; displayId: string; profile?: boolean };
}

function demoUsers(): UserSeed[] {
  const list: UserSeed[] = [
    {
      username: 'master@demo.test',
      role: ROLE.MASTER,
      status: 'Active',
      centerId: 1,
      firstName: 'Morgan',
      lastName: 'Master',
    },
  ];
  const people: Record<string, [string, string]> = {
    admin: ['Alex', 'Admin'],
    manager: ['Casey', 'Manager'],
    parent: ['Jordan', 'Parent'],
  };
  for (const center of DEMO_CENTERS) {
    const s = center.suffix;
    list.push({
      username: `admin${s}@demo.test`,
      role: ROLE.ADMIN,
      status: 'Active',
      centerId: center.id,
      firstName: people.admin[0],
      lastName: `${people.admin[1]}${s}`,
    });
    list.push({
      username: `manager${s}@demo.test`,
      role: ROLE.MANAGER,
      status: 'Active',
      centerId: center.id,
      firstName: people.manager[0],
      lastName: `${people.manager[1]}${s}`,
    });
    list.push({
      username: `parent${s}@demo.test`,
      role: ROLE.CLIENT,
      status: center.consumerSite ? 'Pre-Active' : 'Active',
      centerId: center.id,
      firstName: people.parent[0],
      lastName: `${people.parent[1]}${s}`,
      manager: center.consumerSite ? undefined : `manager${s}@demo.test`,
    });
  }
  list.push({
    username: 'donor@demo.test',
    role: ROLE.DONOR,
    status: 'Active',
    centerId: 1,
    firstName: 'Dana',
    lastName: 'Donor',
    donor: { availability: 'Available', preFormStatus: 1, displayId: 'D-1001', profile: true },
  });
  list.push({
    username: 'newdonor@demo.test',
    role: ROLE.DONOR,
    status: 'Active',
    centerId: 1,
    firstName: 'Nia',
    lastName: 'Newdonor',
    donor: { availability: 'Invited', preFormStatus: null, displayId: 'D-1002' },
  });
  return list;
}

export const DEMO_USERNAMES = () => demoUsers().map((u) => u.username);

/**
 * Seeds the demo data; deterministic, run once on an empty database. With `secrets` the demo
 * donor's SSN is stored (encrypted); with `storage` her photos and documents are written.
 */
export async function seedDemo(db: Db, deps: WriteDeps = {}): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.insert(centers).values(
      DEMO_CENTERS.map((c) => ({
        id: c.id,
        name: c.name,
        agencyName: c.name,
        appTitle: c.appTitle,
        metaDescription: `${c.name}: find and match with egg and sperm donors.`,
        email: `info${c.suffix}@demo.test`,
        contactNo: `5550100${String(c.id).padStart(3, '0')}`,
        agencyUrl: `https://center${c.id}.demo.test`,
        zipcode: '10001',
        onboarded: c.onboarded ?? true,
        preActiveAccess: c.preActiveAccess ?? false,
        payments: c.payments ?? false,
        consumerSite: c.consumerSite ?? false,
        settings: c.settings ?? {},
      })),
    );
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('centers', 'id'), (select max(id) from centers))`,
    );
    // Every center sees its own donors and the main center's; the consumer center sees all.
    const allowed: { centerId: number; allowedCenterId: number }[] = [];
    for (const c of DEMO_CENTERS) {
      allowed.push({ centerId: c.id, allowedCenterId: c.id });
      if (c.id !== 1) allowed.push({ centerId: c.id, allowedCenterId: 1 });
      if (c.consumerSite) {
        for (const other of DEMO_CENTERS)
          if (other.id !== c.id && other.id !== 1)
            allowed.push({ centerId: c.id, allowedCenterId: other.id });
      }
    }
    await tx.insert(centerDonorAccess).values(allowed);
    await tx.insert(terms).values({ body: TERMS_TEXT, publishedAt: TERMS_PUBLISHED_AT });
    // The donor form's fee question: global options every agency offers.
    await tx.insert(feeOptions).values(
      DEMO_FEE_OPTIONS.map(([options, comment]) => ({
        options,
        optionKey: feeOptionKey(options),
        comment,
      })),
    );

    const ids = new Map<string, number>();
    const seeds = demoUsers();
    for (const u of seeds.filter((x) => !x.manager)) {
      const [row] = await tx
        .insert(users)
        .values({
          username: u.username,
          role: u.role,
          status: u.status,
          centerId: u.centerId,
          firstName: u.firstName,
          lastName: u.lastName,
          country: 'United States',
          passwordHash,
          eulaAcceptedAt: u.role === ROLE.CLIENT || u.role === ROLE.DONOR ? null : TERMS_PUBLISHED_AT,
        })
        .returning({ id: users.id });
      ids.set(u.username, row!.id);
      if (u.donor?.profile) {
        await writeDemoDonorProfile(
          tx as unknown as Db,
          { userId: row!.id, centerId: u.centerId, firstName: u.firstName, lastName: u.lastName, ...u.donor },
          deps,
        );
      } else if (u.donor) {
        await tx.insert(donors).values({
          userId: row!.id,
          centerId: u.centerId,
          availability: u.donor.availability,
          preFormStatus: u.donor.preFormStatus,
          displayId: u.donor.displayId,
        });
      }
    }
    for (const u of seeds.filter((x) => x.manager)) {
      const [row] = await tx
        .insert(users)
        .values({
          username: u.username,
          role: u.role,
          status: u.status,
          centerId: u.centerId,
          firstName: u.firstName,
          lastName: u.lastName,
          country: 'United States',
          passwordHash,
          managerId: ids.get(u.manager!) ?? null,
        })
        .returning({ id: users.id });
      ids.set(u.username, row!.id);
    }
    // Consumer-center members sign up without a case manager; their questions and consultation
    // requests go to the center's default case manager.
    for (const c of DEMO_CENTERS.filter((x) => x.consumerSite)) {
      const managerId = ids.get(`manager${c.suffix}@demo.test`);
      await tx
        .update(centers)
        .set({ settings: { ...c.settings, defaultCaseManagerId: managerId ?? null } })
        .where(eq(centers.id, c.id));
    }
    // The consumer center's client of the site tour scenario and its education resources.
    await seedConsumerDemo(tx as unknown as Db, passwordHash);
    await seedCoachingDemo(tx as unknown as Db, passwordHash);
    await seedPaymentsDemo(tx as unknown as Db, passwordHash);
  });
}
