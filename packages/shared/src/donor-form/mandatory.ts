import { percentagesSubmittable } from './percentages.js';
import type {
  CharacteristicsTab,
  EducationTab,
  FamilyHealthTab,
  GeneralTab,
  PastDonationTab,
  PersonalHealthTab,
} from './schemas.js';
import type { DonorFormTab } from './tabs.js';

// Mandatory fields (the blank-mandatory-fields dialog)

export interface BlankField {
  tab: DonorFormTab;
  field: string;
  label: string;
}

/**
 * "Past donation count is checked": the donation cycles entered must number the past donations
 * the donor declared (none saved counts as none).
 */
export function blankPastDonation(p: PastDonationTab | null): BlankField[] {
  const declared = p?.donationCount ?? 0;
  const entered = p?.cycles.length ?? 0;
  if (declared === entered) return [];
  return [
    {
      tab: 'pastDonation',
      field: 'donationCount',
      label: `Past donations: you said ${declared} but entered ${entered} donation cycle(s)`,
    },
  ];
}

/** The blank mandatory fields of the general tab (initial form). */
export function blankGeneral(g: GeneralTab | null, hidden: readonly string[] = []): BlankField[] {
  const out: BlankField[] = [];
  const need = (field: string, label: string, v: unknown) => {
    if (hidden.includes(field)) return;
    if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) {
      out.push({ tab: 'general', field, label });
    }
  };
  need('firstName', 'First name', g?.firstName);
  need('lastName', 'Last name', g?.lastName);
  need('dateOfBirth', 'Date of birth', g?.dateOfBirth);
  need('contactNo', 'Contact number', g?.contactNo);
  need('zipcode', 'Zip code', g?.zipcode);
  need('state', 'State', g?.state);
  need('city', 'City', g?.city === 'Other' ? g?.cityOther : g?.city);
  need('heightFeet', 'Height', g?.heightFeet);
  need('weightLb', 'Weight', g?.weightLb);
  need('educationLevel', 'Education level', g?.educationLevel);
  need('referrals', 'Referral source', g?.referrals);
  return out;
}

export function blankPersonalHealth(h: PersonalHealthTab | null): BlankField[] {
  const out: BlankField[] = [];
  if (!h?.birthControl) out.push({ tab: 'personalHealth', field: 'birthControl', label: 'Birth control' });
  return out;
}

export function blankCharacteristics(
  c: CharacteristicsTab | null,
  totalFree: boolean,
  evenSplit = false,
): BlankField[] {
  const out: BlankField[] = [];
  if (!c || !percentagesSubmittable(c.races, 'race', totalFree, evenSplit)) {
    out.push({ tab: 'personalCharacterstics', field: 'races', label: 'Race (percentages must total 100)' });
  }
  if (!c || !percentagesSubmittable(c.ethnicities, 'ethnicity', totalFree, evenSplit)) {
    out.push({
      tab: 'personalCharacterstics',
      field: 'ethnicities',
      label: 'Ethnicity (percentages must total 100)',
    });
  }
  if (!c?.eyeColor) out.push({ tab: 'personalCharacterstics', field: 'eyeColor', label: 'Eye color' });
  if (!c?.hairColor) out.push({ tab: 'personalCharacterstics', field: 'hairColor', label: 'Hair color' });
  return out;
}

export function blankFamily(f: FamilyHealthTab | null): BlankField[] {
  const members = f?.members.filter((m) => m.applicable) ?? [];
  if (members.length === 0) return [{ tab: 'familyHealth', field: 'members', label: 'Family members' }];
  const incomplete = members.filter(
    (m) =>
      !m.dateOfBirth ||
      !m.bodyType ||
      !m.eyeColor ||
      !m.hairColor ||
      m.heightFeet === null ||
      m.heightInches === null ||
      (!m.living && (!m.deathReason || m.ageAtDeath === null)),
  );
  return incomplete.map((m) => ({ tab: 'familyHealth', field: `members.${m.relation}`, label: m.relation }));
}

export function blankEducation(e: EducationTab | null): BlankField[] {
  return e && e.records.length > 0
    ? []
    : [{ tab: 'educationDetails', field: 'records', label: 'Education records' }];
}
