import { ROLE } from '@dm/shared';
import { eq } from 'drizzle-orm';
import { educationResources, users } from '../db/schema/index.js';
import type { Db } from '../platform/db.js';

/**
 * The consumer center's pages beyond payments (decision 025): a client of center 111
 * whom no other browser scenario uses (the site tour, education resources and concierge upgrade
 * scenario changes her state), and the center's first education resources.
 */
export const CONSUMER_DEMO_CLIENT = {
  username: 'newparent111@demo.test',
  firstName: 'Riley',
  lastName: 'Newcomer',
  contactNo: '5550111222',
} as const;

/** [type, title, summary, body, link, published] in each type's order. */
export const DEMO_EDUCATION_RESOURCES: readonly [string, string, string, string, string, boolean][] = [
  [
    'articles',
    'How egg donation works',
    'The steps from choosing a donor to the transfer, and how long each takes.',
    'Egg donation starts with choosing a donor who fits what matters to you.\n\nOnce you request a match, your case manager confirms the donor is available and arranges the medical and psychological screening. A cycle then takes about six to eight weeks: the donor takes medication for around two weeks, the eggs are retrieved under light sedation, and the embryos are created in the clinic.\n\nYour case manager stays with you through every step.',
    '',
    true,
  ],
  [
    'articles',
    'Choosing a donor: what to look for',
    'Health history, education and personality: how to read a donor profile.',
    "Start with what matters most to you and use the search filters for it.\n\nRead the family health history section carefully and note anything you want to discuss with your doctor. Education and test scores, photos from childhood and the donor's own words tell you more about who she is.\n\nSave the donors you like as favourites and compare them side by side.",
    '',
    true,
  ],
  [
    'articles',
    'Understanding donor screening',
    'What the medical, genetic and psychological screening checks.',
    'Every donor is screened before a cycle: a medical examination, blood tests for infectious diseases, a genetic carrier screening and a psychological evaluation.',
    '',
    false,
  ],
  [
    'videos',
    'Welcome to Consumer Donor Bank',
    'A three-minute introduction to our team and how we support you.',
    '',
    'https://example.com/videos/welcome',
    true,
  ],
  [
    'guides',
    'Your first month as a member',
    'A checklist for your first weeks: profile, search, favourites and your first consultation.',
    '1. Complete your profile so your case manager can reach you.\n2. Search donors and save the ones you like as favourites.\n3. Book a coaching session to talk through your choices.\n4. Request a match when you are ready.',
    '',
    true,
  ],
  [
    'faqs',
    'Is my information private?',
    '',
    'Yes. Only you and the staff of your agency see your profile. Donors never see your name or contact details.',
    '',
    true,
  ],
  [
    'faqs',
    'How long does matching take?',
    '',
    'Most matches are confirmed within two weeks of the request, once the donor confirms she is available.',
    '',
    true,
  ],
];

export async function seedConsumerDemo(tx: Db, passwordHash: string): Promise<void> {
  await tx.insert(users).values({
    ...CONSUMER_DEMO_CLIENT,
    role: ROLE.CLIENT,
    status: 'Pre-Active',
    centerId: 111,
    country: 'United States',
    passwordHash,
  });
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, 'admin111@demo.test'))
    .limit(1);
  const positions = new Map<string, number>();
  await tx.insert(educationResources).values(
    DEMO_EDUCATION_RESOURCES.map(([type, title, summary, body, link, published]) => {
      const position = positions.get(type) ?? 0;
      positions.set(type, position + 1);
      return {
        centerId: 111,
        type,
        title,
        summary,
        body,
        link,
        published,
        position,
        createdBy: admin?.id ?? null,
        updatedBy: admin?.id ?? null,
      };
    }),
  );
}
