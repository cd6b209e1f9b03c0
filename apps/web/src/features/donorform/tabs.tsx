import {
  BABY_GENDERS,
  BIRTH_CONTROL,
  BLOOD_GROUPS,
  BODY_TYPES,
  CLINIC_DATE_YEARS,
  CONTRACEPTIVE_TYPES,
  DEFAULT_CLINIC_LABEL,
  DELIVERY_TYPES,
  DISEASES,
  DONOR_TYPE_LABEL,
  DONOR_TYPES,
  dateRange,
  dobRange,
  EDUCATION_LEVELS,
  EDUCATION_RECORD_TYPES,
  EGG_DONATION_ARRANGEMENTS,
  ETHNICITIES,
  EXAM_TYPES,
  EYE_COLORS,
  enrollmentYears,
  FAMILY_HISTORY_KEYS,
  HAIR_COLORS,
  HERITAGES,
  IP_WILLING_TO_WORK,
  MARITAL_STATUSES,
  MAX_ETHNICITY_COUNT,
  MAX_RACE_COUNT,
  MSG,
  OTHER_RELATIONS,
  type PercentageEntry,
  type PercentageKind,
  PREGNANCY_DATE_YEARS,
  PREGNANCY_RESULTS,
  percentageOptionsLeft,
  percentageProblem,
  QUEUE_TYPES,
  RACES,
  REFERRAL_OPTIONS,
  RELIGIONS,
  relationsOffered,
  SKIN_TYPES,
  splitEvenly,
  TRANSMITTED_DISEASES,
} from '@dm/shared';
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  AMH_PATTERN,
  type FieldDef,
  Fields,
  type FieldTemplate,
  RepeatingSection,
  type Values,
} from './fields';
import { useCities, useCountries, useStates } from './queries';

export interface TabProps {
  values: Values;
  set: (patch: Values) => void;
  readOnly: boolean;
  highlight: ReadonlySet<string>;
  settings: { raceTotalFree: boolean; raceEvenSplit: boolean; selfOnlyRelations: boolean };
  /** The center's template for this tab (general, health, characteristics), if it has one. */
  template?: FieldTemplate;
  /** The center's name for the clinic field (past donations). */
  clinicLabel?: string;
}

/** A date input with the picker's range of `years` back to today. */
const ranged = (defs: readonly FieldDef[], key: string, years: number): FieldDef[] =>
  defs.map((d) => (d.key === key ? { ...d, ...dateRange(years, new Date()) } : d));

const FEET = ['3', '4', '5', '6', '7'].map((v) => ({ value: v, label: `${v} ft` }));
const INCHES = Array.from({ length: 12 }, (_, i) => ({ value: String(i), label: `${i} in` }));
const YES_NO_FIELDS = (keys: [string, string][]): FieldDef[] =>
  keys.map(([key, label]) => ({ key, label, kind: 'bool' }));
const rows = (v: unknown) => (Array.isArray(v) ? (v as Values[]) : []);
const numeric =
  (key: string): ((v: Values) => Values) =>
  (v) => ({ ...v, [key]: v[key] === null ? null : Number(v[key]) });

/** The props every input of a tab shares. */
function bind({ values, set, readOnly, highlight, template }: TabProps) {
  return { values, readOnly, highlight, template, onChange: (k: string, v: unknown) => set({ [k]: v }) };
}

/** The props of a repeating section stored under `key` of the tab. */
function section({ values, set, readOnly, highlight }: TabProps, key: string) {
  return {
    section: key,
    rows: rows(values[key]),
    onRows: (r: Values[]) => set({ [key]: r }),
    readOnly,
    highlight,
  };
}

function heightFields(prefix = ''): FieldDef[] {
  return [
    { key: 'heightFeet', label: `${prefix}Height (feet)`, kind: 'select', options: FEET },
    { key: 'heightInches', label: `${prefix}Height (inches)`, kind: 'select', options: INCHES },
  ];
}

/** Selects give strings; the height parts are numbers. */
export function normaliseHeights(v: Values): Values {
  return numeric('heightInches')(numeric('heightFeet')(v));
}

// ---------------------------------------------------------------------------------------------

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
      <NativeSelect
        label="Country"
        required
        disabled={readOnly}
        data={withCurrent(
          countries.map((c) => c.name),
          values.country,
        )}
        value={String(values.country ?? 'United States')}
        // A new country resets state and city.
        onChange={(e) => set({ country: e.currentTarget.value, state: null, city: null, cityOther: null })}
      />
      <NativeSelect
        label="State"
        required
        data-highlight={mark('state')}
        disabled={readOnly}
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
      <NativeSelect
        label="City"
        required
        data-highlight={mark('city')}
        disabled={readOnly}
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

// ---------------------------------------------------------------------------------------------

const HEALTH: FieldDef[] = [
  { key: 'bloodGroup', label: 'Blood group', kind: 'select', options: BLOOD_GROUPS },
  {
    key: 'birthControl',
    label: 'Do you use birth control?',
    kind: 'select',
    options: BIRTH_CONTROL,
    required: true,
  },
  {
    key: 'contraceptiveTypes',
    label: 'Contraceptive types',
    kind: 'multi',
    options: CONTRACEPTIVE_TYPES,
    when: (v) => !!v.birthControl && v.birthControl !== 'No',
  },
  { key: 'hasPiercing', label: 'Piercing in the last 12 months', kind: 'bool' },
  { key: 'piercingDate', label: 'Date of the piercing', kind: 'date', when: (v) => v.hasPiercing === true },
  { key: 'hasTattoo', label: 'Tattoo in the last 12 months', kind: 'bool' },
  { key: 'tattooDate', label: 'Date of the tattoo', kind: 'date', when: (v) => v.hasTattoo === true },
  { key: 'amhValue', label: 'AMH (ng/mL)', kind: 'number', pattern: AMH_PATTERN },
  { key: 'amhTestDate', label: 'AMH test date', kind: 'date' },
  { key: 'covidVaccineName', label: 'COVID vaccine name', kind: 'text' },
  { key: 'covidLastDoseDate', label: 'COVID last dose date', kind: 'date' },
  ...YES_NO_FIELDS([
    ['depoProvera', 'Depo-Provera in the last 12 months'],
    ['anxietyDisorder', 'Anxiety disorder'],
    ['recreationalDrugs', 'Recreational drugs'],
    ['anyMedications', 'Taking medications'],
  ]),
  {
    key: 'transmittedDiseases',
    label: 'Have you ever had any of these transmitted diseases?',
    kind: 'multi',
    options: TRANSMITTED_DISEASES,
  },
];
const MEDICATION: FieldDef[] = [
  { key: 'name', label: 'Name', kind: 'text', required: true },
  { key: 'isDrug', label: 'Recreational drug', kind: 'bool' },
  { key: 'prescribedBy', label: 'Prescribed by', kind: 'text' },
  { key: 'purpose', label: 'Purpose', kind: 'text' },
  { key: 'dosage', label: 'Dosage', kind: 'text' },
  { key: 'howOften', label: 'How often', kind: 'text' },
  { key: 'prescribedOn', label: 'Prescribed on', kind: 'date' },
  { key: 'currentlyTaking', label: 'Currently taking', kind: 'bool' },
  { key: 'dateStopped', label: 'Date stopped', kind: 'date', when: (v) => v.currentlyTaking !== true },
];

export function PersonalHealthTabView(props: TabProps) {
  return (
    <Stack>
      <Fields defs={HEALTH} cols={3} {...bind(props)} />
      <RepeatingSection
        title="Medications"
        itemLabel="Medication"
        defs={MEDICATION}
        {...section(props, 'medications')}
        newRow={() => ({ name: '' })}
      />
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------

/** Why another race or ethnicity entry may not be added yet (the spec's messages), or null. */
export function addProblem(entries: readonly PercentageEntry[], kind: PercentageKind): string | null {
  const max = kind === 'race' ? MAX_RACE_COUNT : MAX_ETHNICITY_COUNT;
  if (entries.length >= max)
    return `${kind === 'race' ? MSG.RACE_MAX_PREFIX : MSG.ETHNICITY_MAX_PREFIX}${max}!`;
  if (entries.some((e) => e.percentage === null || e.name === '')) return MSG.PERCENTAGE_PREVIOUS_FIRST;
  const total = entries.reduce((a, e) => a + (e.percentage ?? 0), 0);
  if (total >= 100) return kind === 'race' ? MSG.RACE_ALREADY_100 : MSG.ETHNICITY_ALREADY_100;
  return null;
}

/** Race or ethnicity entries: a name and a percentage each, judged by the shared rules as typed. */
function PercentageList({
  kind,
  entries,
  readOnly,
  totalFree,
  evenSplit,
  marked,
  onChange: change,
}: {
  kind: PercentageKind;
  entries: PercentageEntry[];
  onChange: (entries: PercentageEntry[]) => void;
  readOnly: boolean;
  totalFree: boolean;
  /** The center shares 100 evenly among the chosen entries (two decimals); no percentage to pick. */
  evenSplit: boolean;
  marked: boolean;
}) {
  const onChange = (next: PercentageEntry[]) => {
    if (!evenSplit) return change(next);
    const split = splitEvenly(next.filter((e) => e.name !== '').length);
    let i = 0;
    change(next.map((e) => ({ ...e, percentage: e.name === '' ? null : split[i++]! })));
  };
  const label = kind === 'race' ? 'Race' : 'Ethnicity';
  const names: readonly string[] = kind === 'race' ? RACES : ETHNICITIES;
  const [warning, setWarning] = useState<string | null>(null);
  const problem =
    percentageProblem(
      entries.filter((e) => e.name !== '' && e.percentage !== null),
      kind,
      totalFree,
      evenSplit,
    ) ?? warning;
  const total = Math.round(entries.reduce((a, e) => a + (e.percentage ?? 0), 0) * 100) / 100;
  const percentageChoices = (index: number) => {
    const others = entries.filter((_, i) => i !== index);
    const left = totalFree
      ? Array.from({ length: 100 - others.reduce((a, e) => a + (e.percentage ?? 0), 0) }, (_, i) => i + 1)
      : percentageOptionsLeft(others);
    const current = entries[index]?.percentage;
    const all =
      current !== null && current !== undefined && !left.includes(current) ? [current, ...left] : left;
    return [{ value: '', label: 'Select' }, ...all.map((p) => ({ value: String(p), label: `${p}%` }))];
  };
  return (
    <Stack
      gap="xs"
      data-highlight={marked ? 'true' : undefined}
      style={marked ? { background: 'var(--mantine-color-yellow-1)' } : undefined}
    >
      <Text fw={600}>
        {label} (total {total}%)
      </Text>
      {entries.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: entries are positional.
        <Group key={index} align="flex-end">
          <NativeSelect
            label={`${label} ${index + 1}`}
            disabled={readOnly}
            data={[
              { value: '', label: 'Select' },
              ...names.filter((n) => n === entry.name || !entries.some((e) => e.name === n)),
            ]}
            value={entry.name}
            onChange={(e) =>
              onChange(entries.map((x, i) => (i === index ? { ...x, name: e.currentTarget.value } : x)))
            }
          />
          {evenSplit ? (
            <Text size="sm" aria-label={`${label} ${index + 1} percentage: ${entry.percentage ?? '-'}%`}>
              {entry.percentage ?? '-'}%
            </Text>
          ) : (
            <NativeSelect
              label={`${label} ${index + 1} percentage`}
              disabled={readOnly}
              data={percentageChoices(index)}
              value={entry.percentage === null ? '' : String(entry.percentage)}
              onChange={(e) =>
                onChange(
                  entries.map((x, i) =>
                    i === index
                      ? { ...x, percentage: e.currentTarget.value ? Number(e.currentTarget.value) : null }
                      : x,
                  ),
                )
              }
            />
          )}
          {!readOnly && (
            <Button
              variant="subtle"
              color="red"
              onClick={() => onChange(entries.filter((_, i) => i !== index))}
            >
              Remove {label.toLowerCase()} {index + 1}
            </Button>
          )}
        </Group>
      ))}
      {problem && (
        <Text c="red" size="sm" role="alert">
          {problem}
        </Text>
      )}
      {!readOnly && (
        <Group>
          <Button
            size="xs"
            variant="light"
            onClick={() => {
              const blocking = addProblem(entries, kind);
              setWarning(blocking);
              if (!blocking) onChange([...entries, { name: '', percentage: null }]);
            }}
          >
            Add {label.toLowerCase()}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

const CHARACTERISTICS: FieldDef[] = [
  { key: 'raceDetails', label: 'Race details (Other)', kind: 'text' },
  { key: 'ethnicityDetails', label: 'Ethnicity details (Other)', kind: 'text' },
  { key: 'eyeColor', label: 'Eye color', kind: 'select', options: EYE_COLORS, required: true },
  { key: 'hairColor', label: 'Hair color', kind: 'select', options: HAIR_COLORS, required: true },
  { key: 'skinType', label: 'Skin type', kind: 'select', options: SKIN_TYPES },
  { key: 'religion', label: 'Religion', kind: 'select', options: RELIGIONS },
  { key: 'bodyType', label: 'Body type', kind: 'select', options: BODY_TYPES },
  { key: 'dominantHand', label: 'Dominant hand', kind: 'select', options: ['Right', 'Left', 'Both'] },
  { key: 'personality', label: 'Personality', kind: 'textarea' },
  { key: 'hobbies', label: 'Hobbies', kind: 'textarea' },
];

export function CharacteristicsTabView(props: TabProps) {
  const { values, set, readOnly, highlight, settings } = props;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <PercentageList
          kind="race"
          entries={rows(values.races) as unknown as PercentageEntry[]}
          onChange={(races) => set({ races })}
          readOnly={readOnly}
          totalFree={settings.raceTotalFree}
          evenSplit={settings.raceEvenSplit}
          marked={highlight.has('races')}
        />
        <PercentageList
          kind="ethnicity"
          entries={rows(values.ethnicities) as unknown as PercentageEntry[]}
          onChange={(ethnicities) => set({ ethnicities })}
          readOnly={readOnly}
          totalFree={settings.raceTotalFree}
          evenSplit={settings.raceEvenSplit}
          marked={highlight.has('ethnicities')}
        />
      </SimpleGrid>
      <Fields defs={CHARACTERISTICS} cols={2} {...bind(props)} />
      <Fields
        defs={[{ key: 'heritage', label: 'Heritage', kind: 'multi', options: HERITAGES }]}
        cols={1}
        {...bind(props)}
      />
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------

const MEMBER: FieldDef[] = [
  { key: 'applicable', label: 'I can answer for this relative', kind: 'bool' },
  { key: 'dateOfBirth', label: 'Date of birth', kind: 'date', required: true },
  { key: 'living', label: 'Living', kind: 'bool' },
  { key: 'ageAtDeath', label: 'Age at death', kind: 'number', when: (v) => v.living === false },
  { key: 'deathReason', label: 'Cause of death', kind: 'text', when: (v) => v.living === false },
  ...heightFields(),
  { key: 'weightLb', label: 'Weight (lbs)', kind: 'number' },
  { key: 'bodyType', label: 'Body type', kind: 'select', options: BODY_TYPES, required: true },
  { key: 'eyeColor', label: 'Eye color', kind: 'select', options: EYE_COLORS, required: true },
  { key: 'hairColor', label: 'Hair color', kind: 'select', options: HAIR_COLORS, required: true },
  { key: 'education', label: 'Education', kind: 'text' },
  { key: 'occupation', label: 'Occupation', kind: 'text' },
  { key: 'otherDetails', label: 'Other details', kind: 'text' },
];

const member = (relation: string): Values => ({ relation, applicable: true, living: true });

export function FamilyHealthTabView(props: TabProps) {
  const { values, set, readOnly, highlight, settings } = props;
  const members = rows(values.members);
  const used = new Set(members.map((m) => m.relation));
  const extra = settings.selfOnlyRelations
    ? []
    : [...OTHER_RELATIONS.filter((r) => !used.has(r)), 'Sibling', 'Half Sibling'];
  const history = rows(values.history);
  const historyOf = (key: string) => history.find((h) => h.key === key);
  return (
    <Stack>
      <Fields
        defs={[
          { key: 'siblingCount', label: 'Number of siblings', kind: 'number' },
          { key: 'halfSiblingCount', label: 'Number of half siblings', kind: 'number' },
          {
            key: 'geneticDefectBirthCondition',
            label: 'Genetic defects or birth conditions in the family',
            kind: 'textarea',
          },
        ]}
        cols={3}
        {...bind(props)}
      />
      <RepeatingSection
        title="Family members"
        itemLabel="Family member"
        section="members"
        defs={MEMBER}
        rows={members}
        rowTitle={(row) => String(row.relation)}
        onRows={(next) => set({ members: next.map(normaliseHeights) })}
        newRow={() => member(extra[0] ?? 'Self')}
        readOnly={readOnly || (settings.selfOnlyRelations && used.has('Self'))}
        highlight={highlight}
        deleteWarning={MSG.DELETE_FAMILY_CONFIRM}
      />
      {!readOnly && extra.length > 0 && (
        <Text size="xs" c="dimmed">
          Added members are named in order: {extra.join(', ')}.
        </Text>
      )}
      <Text fw={600}>Family history</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {FAMILY_HISTORY_KEYS.map((key) => {
          const entry = historyOf(key);
          const label = key.replace(/_/g, ' ');
          const update = (patch: Values) =>
            set({
              history: [
                ...history.filter((h) => h.key !== key),
                { key, answer: false, details: null, ...entry, ...patch },
              ],
            });
          return (
            <Stack key={key} gap={4}>
              <Fields
                defs={[
                  { key: 'answer', label: `Family history: ${label}`, kind: 'bool' },
                  {
                    key: 'details',
                    label: `Details: ${label}`,
                    kind: 'text',
                    when: (v) => v.answer === true,
                  },
                ]}
                cols={1}
                values={entry ?? {}}
                readOnly={readOnly}
                // Unticking the answer clears its details (details need a yes first).
                onChange={(k, v) =>
                  update(k === 'answer' && v !== true ? { answer: false, details: null } : { [k]: v })
                }
              />
            </Stack>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------

export function DiseaseTabView(props: TabProps) {
  const { settings } = props;
  const relations = settings.selfOnlyRelations
    ? ['Self', 'Nobody']
    : ['Self', 'Biological Mother', 'Biological Father', 'Sibling', 'Grandparent', 'Other', 'Nobody'];
  const table = section(props, 'diseases');
  // For one disease, Nobody excludes every other relation and each relation is chosen once.
  const defsFor = (index: number): FieldDef[] => {
    const list = table.rows.map((r) => ({
      disease: String(r.disease ?? ''),
      relation: String(r.relation ?? ''),
    }));
    const current = list[index]?.relation ?? '';
    const offered = relationsOffered(relations, list, index);
    return [
      { key: 'disease', label: 'Disease', kind: 'select', options: DISEASES, required: true },
      {
        key: 'relation',
        label: 'Who had it',
        kind: 'select',
        options: current && !offered.includes(current) ? [current, ...offered] : offered,
        required: true,
      },
      { key: 'details', label: 'Details', kind: 'text', when: (v) => v.relation !== 'Nobody' },
    ];
  };
  return (
    <RepeatingSection
      title="Diseases in you or your family"
      itemLabel="Disease"
      defs={defsFor(0)}
      rowDefs={defsFor}
      {...table}
      newRow={() => ({ disease: '', relation: '' })}
    />
  );
}

// ---------------------------------------------------------------------------------------------

const CYCLE: FieldDef[] = [
  { key: 'nameOfClinic', label: 'Name of Clinic', kind: 'text' },
  { key: 'cycleDate', label: 'Date of Retrieval', kind: 'date' },
  { key: 'queueType', label: 'Fresh or frozen', kind: 'select', options: QUEUE_TYPES },
  { key: 'eggsRetrieved', label: 'Eggs retrieved', kind: 'number' },
  { key: 'eggsMature', label: 'Eggs mature', kind: 'number' },
  { key: 'eggsFertilized', label: 'Eggs fertilized', kind: 'number' },
  { key: 'embryosCreated', label: 'Embryos created', kind: 'number' },
  { key: 'embryosTransferred', label: 'Embryos transferred', kind: 'number' },
  { key: 'embryosFrozen', label: 'Embryos frozen', kind: 'number' },
  { key: 'pregnancyResult', label: 'Pregnancy result', kind: 'select', options: PREGNANCY_RESULTS },
  { key: 'otherDetails', label: 'Other details', kind: 'text' },
];
const BATCH: FieldDef[] = [
  { key: 'refId', label: 'Reference id', kind: 'text' },
  { key: 'frozenDate', label: 'Frozen date', kind: 'date' },
  { key: 'batchAge', label: 'Age when frozen', kind: 'number' },
  { key: 'eggCount', label: 'Egg count', kind: 'number' },
  { key: 'note', label: 'Note', kind: 'text' },
];

export function PastDonationTabView(props: TabProps) {
  return (
    <Stack>
      <Fields
        defs={[{ key: 'donationCount', label: 'Number of completed egg donations', kind: 'number' }]}
        cols={3}
        {...bind(props)}
      />
      <RepeatingSection
        title="Donation cycles"
        itemLabel="Cycle"
        defs={ranged(
          CYCLE.map((d) =>
            d.key === 'nameOfClinic' ? { ...d, label: props.clinicLabel ?? DEFAULT_CLINIC_LABEL } : d,
          ),
          'cycleDate',
          CLINIC_DATE_YEARS,
        )}
        {...section(props, 'cycles')}
        newRow={() => ({ queueType: 'Fresh' })}
      />
      <RepeatingSection
        title="Frozen egg batches"
        itemLabel="Frozen batch"
        defs={BATCH}
        {...section(props, 'frozenBatches')}
        newRow={() => ({})}
      />
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------

export function EducationTabView(props: TabProps) {
  const { values, set, readOnly, highlight } = props;
  const years = enrollmentYears(new Date()).map(String);
  const record: FieldDef[] = [
    { key: 'type', label: 'Type', kind: 'select', options: EDUCATION_RECORD_TYPES, required: true },
    { key: 'institution', label: 'Institution', kind: 'text' },
    { key: 'subjects', label: 'Subjects', kind: 'text' },
    { key: 'enrollmentYear', label: 'Enrollment year', kind: 'select', options: years },
    { key: 'pursuing', label: 'Pursuing', kind: 'bool' },
    { key: 'endYear', label: 'End year', kind: 'select', options: years, when: (v) => v.pursuing !== true },
    { key: 'marksObtained', label: 'GPA / marks obtained', kind: 'number' },
    { key: 'maxMarks', label: 'Out of', kind: 'number' },
  ];
  const toNumbers = (r: Values) => numeric('endYear')(numeric('enrollmentYear')(r));
  return (
    <Stack>
      <RepeatingSection
        title="Schools"
        itemLabel="Education record"
        section="records"
        defs={record}
        rows={rows(values.records)}
        onRows={(records) => set({ records: records.map(toNumbers) })}
        newRow={() => ({ type: '' })}
        readOnly={readOnly}
        highlight={highlight}
      />
      <RepeatingSection
        title="Exam scores"
        itemLabel="Exam score"
        section="exams"
        defs={[
          { key: 'exam', label: 'Exam', kind: 'select', options: EXAM_TYPES, required: true },
          { key: 'score', label: 'Score', kind: 'number', required: true },
          { key: 'takenYear', label: 'Year taken', kind: 'select', options: years },
        ]}
        rows={rows(values.exams)}
        onRows={(exams) => set({ exams: exams.map(numeric('takenYear')) })}
        newRow={() => ({ exam: '', score: null })}
        readOnly={readOnly}
        highlight={highlight}
      />
    </Stack>
  );
}

export function GuidelinesTabView() {
  return (
    <Alert title="Before you start" color="blue">
      <Stack gap="xs">
        <Text size="sm">
          Fill every tab as completely and truthfully as you can; fields marked with an asterisk are
          mandatory. Save each tab before moving on. First send the initial form (general and health tabs and
          one photo); once the agency accepts it the remaining tabs open, and you submit the complete form
          from the last tab.
        </Text>
        <Text size="sm">
          After your form is approved, any change you save is sent to the agency for review.
        </Text>
      </Stack>
    </Alert>
  );
}
