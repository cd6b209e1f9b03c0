import {
  BABY_GENDERS,
  DELIVERY_TYPES,
  DONOR_TYPE_LABEL,
  DONOR_TYPES,
  dobRange,
  EDUCATION_LEVELS,
  EGG_DONATION_ARRANGEMENTS,
  IP_WILLING_TO_WORK,
  MARITAL_STATUSES,
  PREGNANCY_DATE_YEARS,
  PREGNANCY_RESULTS,
  REFERRAL_OPTIONS,
} from '@dm/shared';
import { SimpleGrid, Stack } from '@mantine/core';
import { ChoiceSelect } from '../../../components/ReadOnlyValue';
import { useSession } from '../../../lib/session';
import { type FieldDef, Fields, RepeatingSection } from '../fields';
import { useCities, useCountries, useFeeChoices, useStates } from '../queries';
import { bind, heightFields, ranged, section, type TabProps, YES_NO_FIELDS } from './common';

function Location({ values, set, readOnly, highlight }: TabProps) {
  const countries = useCountries().data ?? [];
  const countryIso = countries.find((c) => c.name === values.country)?.isoCode ?? null;
  const states = useStates(countryIso).data ?? [];
  const stateIso = states.find((s) => s.name === values.state)?.isoCode ?? null;
  const cities = useCities(countryIso, stateIso).data ?? [];
  const mark = (key: string) => (highlight.has(key) ? 'true' : undefined);
  const stateOptions = [...states.map((s) => s.name), 'Other'];
  const cityOptions = values.state === 'Other' ? ['Other'] : [...cities.map((c) => c.name), 'Other'];
  const withCurrent = (list: string[], current: unknown) =>
    typeof current === 'string' && current && !list.includes(current) ? [current, ...list] : list;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <ChoiceSelect
        label="Country"
        required
        readOnly={readOnly}
        data={withCurrent(
          countries.map((c) => c.name),
          values.country,
        )}
        value={String(values.country ?? 'United States')}
        // A new country resets state and city.
        onChange={(e) => set({ country: e.currentTarget.value, state: null, city: null, cityOther: null })}
      />
      <ChoiceSelect
        label="State"
        required
        data-highlight={mark('state')}
        readOnly={readOnly}
        data={[{ value: '', label: 'Select' }, ...withCurrent(stateOptions, values.state)]}
        value={String(values.state ?? '')}
        onChange={(e) =>
          set({
            state: e.currentTarget.value || null,
            city: e.currentTarget.value === 'Other' ? 'Other' : null,
            cityOther: null,
          })
        }
      />
      <ChoiceSelect
        label="City"
        required
        data-highlight={mark('city')}
        readOnly={readOnly}
        data={[{ value: '', label: 'Select' }, ...withCurrent(cityOptions, values.city)]}
        value={String(values.city ?? '')}
        onChange={(e) => set({ city: e.currentTarget.value || null })}
      />
    </SimpleGrid>
  );
}

const GENERAL: FieldDef[] = [
  { key: 'firstName', label: 'First name', kind: 'text', required: true },
  { key: 'lastName', label: 'Last name', kind: 'text', required: true },
  { key: 'dateOfBirth', label: 'Date of birth', kind: 'date', required: true },
  { key: 'contactNo', label: 'Contact number', kind: 'text', required: true },
  {
    key: 'contactType',
    label: 'Contact type',
    kind: 'select',
    options: [
      { value: '0', label: 'Mobile' },
      { value: '1', label: 'Work' },
      { value: '2', label: 'Home' },
    ],
  },
  { key: 'address', label: 'Address', kind: 'text' },
  { key: 'zipcode', label: 'Zip code', kind: 'text', required: true },
];
const GENERAL_MORE: FieldDef[] = [
  { key: 'cityOther', label: 'Name of your city', kind: 'text', when: (v) => v.city === 'Other' },
  { key: 'birthCountry', label: 'Country of birth', kind: 'text' },
  { key: 'birthState', label: 'State of birth', kind: 'text' },
  { key: 'birthCity', label: 'City of birth', kind: 'text' },
  { key: 'ssn', label: 'SSN (9 digits; leave blank to keep)', kind: 'password' },
  ...heightFields(),
  { key: 'weightLb', label: 'Weight (lbs)', kind: 'number', required: true },
  {
    key: 'educationLevel',
    label: 'Education level',
    kind: 'select',
    options: EDUCATION_LEVELS,
    required: true,
  },
  {
    key: 'donorType',
    label: 'Donor type',
    kind: 'select',
    options: DONOR_TYPES.map((t) => ({ value: t, label: DONOR_TYPE_LABEL[t] })),
  },
  { key: 'agencyDisplayId', label: 'Agency donor id', kind: 'text' },
  { key: 'maritalStatus', label: 'Marital status', kind: 'select', options: MARITAL_STATUSES },
  { key: 'occupation', label: 'Occupation', kind: 'text' },
  {
    key: 'eggDonationArrangement',
    label: 'Egg donation arrangement',
    kind: 'select',
    options: EGG_DONATION_ARRANGEMENTS,
  },
  { key: 'numberOfPregnancies', label: 'Number of pregnancies', kind: 'number' },
  { key: 'childCount', label: 'Number of children', kind: 'number' },
  { key: 'miscarriages', label: 'Miscarriages', kind: 'number' },
  { key: 'abortionCount', label: 'Abortions', kind: 'number' },
  ...YES_NO_FIELDS([
    ['previousDonor', 'I have donated eggs before'],
    ['currentlyPregnant', 'Currently pregnant'],
    ['breastfeeding', 'Breastfeeding'],
  ]),
];
const DELIVERY: FieldDef[] = [
  { key: 'dateOfBirth', label: 'Date of birth of the baby', kind: 'date', required: true },
  { key: 'babyGender', label: 'Gender', kind: 'select', options: BABY_GENDERS },
  { key: 'deliveryType', label: 'Delivery type', kind: 'select', options: DELIVERY_TYPES },
  { key: 'pregnancyResult', label: 'Pregnancy result', kind: 'select', options: PREGNANCY_RESULTS },
  { key: 'pregnancyComplications', label: 'Complications', kind: 'text' },
  { key: 'birthWeightG', label: 'Birth weight (g)', kind: 'number' },
];

/**
 * The fee question: the agency's fee options and the global ones (/feeandpayment), or
 * Other with an amount. A stored answer that is no option any more stays shown. Hidden from the
 * donor where her agency does not show compensation (the form's template says so).
 */
function FeeQuestion(props: TabProps) {
  const { user } = useSession();
  const choices = useFeeChoices(user?.center.id ?? null).data?.options ?? [];
  const current = typeof props.values.donorFee === 'string' ? props.values.donorFee : null;
  const options = choices.map((o) => ({
    value: o.options,
    label: o.comment ? `${o.options} (${o.comment})` : o.options,
  }));
  if (current && current !== 'Other' && !options.some((o) => o.value === current))
    options.unshift({ value: current, label: current });
  const defs: FieldDef[] = [
    {
      key: 'donorFee',
      label: 'Donor fee you ask for',
      kind: 'select',
      options: [...options, { value: 'Other', label: 'Other' }],
    },
    {
      key: 'donorFeeOther',
      label: 'Amount (USD)',
      kind: 'text',
      required: true,
      when: (v) => v.donorFee === 'Other',
    },
  ];
  return <Fields defs={defs} {...bind(props)} cols={3} />;
}

export function GeneralTabView(props: TabProps) {
  const common = bind(props);
  const dob = dobRange(new Date());
  return (
    <Stack>
      <Fields
        defs={GENERAL.map((d) => (d.key === 'dateOfBirth' ? { ...d, ...dob } : d))}
        {...common}
        cols={3}
      />
      <Location {...props} />
      <Fields defs={GENERAL_MORE} {...common} cols={3} />
      <FeeQuestion {...props} />
      <Fields
        defs={[
          {
            key: 'ipWillingToWork',
            label: 'Intended parents I am willing to work with',
            kind: 'multi',
            options: IP_WILLING_TO_WORK,
          },
        ]}
        {...common}
        cols={1}
      />
      <Fields
        defs={[
          {
            key: 'referrals',
            label: 'How did you hear about us?',
            kind: 'multi',
            options: REFERRAL_OPTIONS,
            required: true,
          },
        ]}
        {...common}
        cols={1}
      />
      <RepeatingSection
        title="Pregnancies and deliveries"
        itemLabel="Delivery"
        defs={ranged(DELIVERY, 'dateOfBirth', PREGNANCY_DATE_YEARS)}
        {...section(props, 'deliveries')}
        newRow={() => ({ dateOfBirth: null })}
      />
    </Stack>
  );
}
