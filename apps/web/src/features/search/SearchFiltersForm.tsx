import {
  AMH_MAX,
  BLOOD_GROUPS,
  DONOR_PROFILE_SCOPE_LABEL,
  DONOR_PROFILE_SCOPES,
  DONOR_TYPE_LABEL,
  DONOR_TYPES,
  type DonorProfileScope,
  EDUCATION_LEVELS,
  EGG_DONATION_ARRANGEMENTS,
  ETHNICITIES,
  EXAM_SCORE_RANGE,
  EYE_COLORS,
  GPA_MAX,
  HAIR_COLORS,
  HERITAGES,
  RACES,
  RELIGIONS,
  SEARCH_AGE_LIMITS,
  SEARCH_DISTANCES,
  SHORTLIST_AVAILABILITY,
} from '@dm/shared';
import {
  Accordion,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  RangeSlider,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { CarrierFilterCheckbox } from '../genetics/CarrierFilterCheckbox';
import type { SearchFormValues } from './form';
import { useAgencies, useStates } from './queries';

type SetField = <K extends keyof SearchFormValues>(key: K, value: SearchFormValues[K]) => void;

interface Props {
  values: SearchFormValues;
  set: SetField;
  errors: Record<string, string>;
  /** Staff choose whether to list complete profiles, applicants or every donor. */
  staff?: boolean;
}

const FEET = ['4', '5', '6'].map((v) => ({ value: v, label: `${v} ft` }));
const INCHES = Array.from({ length: 12 }, (_, i) => ({ value: String(i), label: `${i} in` }));

function Multi({
  label,
  data,
  value,
  onChange,
}: {
  label: string;
  data: readonly string[] | { value: string; label: string }[];
  value: string[];
  onChange: (v: string[]) => void;
}) {
  return (
    <MultiSelect
      label={label}
      placeholder={value.length ? undefined : 'Any'}
      data={data as string[]}
      value={value}
      onChange={onChange}
      searchable
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function Condition({
  label,
  value,
  onChange,
}: {
  label: string;
  value: 'AND' | 'OR';
  onChange: (v: 'AND' | 'OR') => void;
}) {
  return (
    <div>
      <Text fz="sm" fw={500} id={`${label}-condition`}>
        {label}
      </Text>
      <SegmentedControl
        size="xs"
        aria-labelledby={`${label}-condition`}
        value={value}
        onChange={(v) => onChange(v as 'AND' | 'OR')}
        data={[
          { value: 'OR', label: 'Any of these' },
          { value: 'AND', label: 'All of these' },
        ]}
      />
    </div>
  );
}

function Range({
  label,
  min,
  max,
  step,
  values,
  keys,
  set,
  errors,
}: {
  label: string;
  min: number;
  max: number;
  step: number;
  values: SearchFormValues;
  keys: [keyof SearchFormValues, keyof SearchFormValues];
  set: SetField;
  errors: Record<string, string>;
}) {
  const [lo, hi] = keys;
  return (
    <Group grow align="flex-start">
      <NumberInput
        label={`Minimum ${label}`}
        min={min}
        max={max}
        step={step}
        decimalScale={step < 1 ? 2 : 0}
        value={values[lo] as number | ''}
        onChange={(v) => set(lo, (v === '' ? '' : Number(v)) as never)}
        error={errors[lo]}
      />
      <NumberInput
        label={`Maximum ${label}`}
        min={min}
        max={max}
        step={step}
        decimalScale={step < 1 ? 2 : 0}
        value={values[hi] as number | ''}
        onChange={(v) => set(hi, (v === '' ? '' : Number(v)) as never)}
        error={errors[hi]}
      />
    </Group>
  );
}

/** The search filters in collapsible sections (search spec section 2). */
export function SearchFiltersForm({ values, set, errors, staff = false }: Props) {
  const agencies = useAgencies();
  const states = useStates();
  const agencyOptions = (agencies.data?.agencies ?? []).map((a) => ({
    value: String(a.centerId),
    label: a.name,
  }));
  return (
    // Closed sections are not rendered (their values live in the page's state): the first render
    // of /search drew every select of every section, some 200 ms of a first visit.
    <Accordion multiple defaultValue={['basics']} variant="separated" keepMounted={false}>
      <Accordion.Item value="basics">
        <Accordion.Control>Age, height and location</Accordion.Control>
        <Accordion.Panel>
          <Stack>
            {staff ? (
              <div>
                <Text fz="sm" fw={500} id="profiles-label">
                  Profiles
                </Text>
                <SegmentedControl
                  aria-labelledby="profiles-label"
                  fullWidth
                  value={values.profiles}
                  onChange={(v) => set('profiles', v as DonorProfileScope)}
                  data={DONOR_PROFILE_SCOPES.map((p) => ({ value: p, label: DONOR_PROFILE_SCOPE_LABEL[p] }))}
                />
              </div>
            ) : null}
            <div>
              <Text fz="sm" fw={500} id="age-range-label">
                Age: {values.age[0]} to {values.age[1]}
              </Text>
              <RangeSlider
                aria-labelledby="age-range-label"
                thumbFromLabel="Minimum age"
                thumbToLabel="Maximum age"
                min={SEARCH_AGE_LIMITS.min}
                max={SEARCH_AGE_LIMITS.max}
                minRange={0}
                value={values.age}
                onChange={(v) => set('age', v)}
                mb="md"
              />
            </div>
            <SimpleGrid cols={2}>
              <Select
                label="Minimum height, feet"
                data={FEET}
                value={String(values.minHeightFeet)}
                onChange={(v) => set('minHeightFeet', Number(v ?? 4))}
                allowDeselect={false}
              />
              <Select
                label="Minimum height, inches"
                data={INCHES}
                value={String(values.minHeightInches)}
                onChange={(v) => set('minHeightInches', Number(v ?? 0))}
                allowDeselect={false}
              />
              <Select
                label="Maximum height, feet"
                data={FEET}
                value={String(values.maxHeightFeet)}
                onChange={(v) => set('maxHeightFeet', Number(v ?? 6))}
                allowDeselect={false}
              />
              <Select
                label="Maximum height, inches"
                data={INCHES}
                value={String(values.maxHeightInches)}
                onChange={(v) => set('maxHeightInches', Number(v ?? 11))}
                allowDeselect={false}
              />
            </SimpleGrid>
            <SimpleGrid cols={2}>
              <TextInput
                label="Zip code"
                inputMode="numeric"
                maxLength={5}
                value={values.zipcode}
                onChange={(e) => set('zipcode', e.currentTarget.value)}
                error={errors.zipcode}
              />
              <Select
                label="Distance"
                placeholder="Any distance"
                data={SEARCH_DISTANCES.map((d) => ({ value: String(d), label: `Within ${d} miles` }))}
                value={values.distance || null}
                onChange={(v) => set('distance', v ?? '')}
                clearable
                error={errors.distance}
              />
            </SimpleGrid>
            <Multi
              label="States"
              data={(states.data ?? []).map((s) => ({ value: s.isoCode, label: s.name }))}
              value={values.locations}
              onChange={(v) => set('locations', v)}
            />
            {staff ? null : (
              <CarrierFilterCheckbox
                checked={values.noSharedCarrier}
                onChange={(checked) => set('noSharedCarrier', checked)}
              />
            )}
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>

      <Accordion.Item value="attributes">
        <Accordion.Control>Donor attributes</Accordion.Control>
        <Accordion.Panel>
          <SimpleGrid cols={1}>
            {agencyOptions.length > 1 ? (
              <Multi
                label="Agencies"
                data={agencyOptions}
                value={values.centers}
                onChange={(v) => set('centers', v)}
              />
            ) : null}
            <Multi
              label="Eye colour"
              data={EYE_COLORS}
              value={values.eyecolor}
              onChange={(v) => set('eyecolor', v)}
            />
            <Multi
              label="Hair colour"
              data={HAIR_COLORS}
              value={values.haircolor}
              onChange={(v) => set('haircolor', v)}
            />
            <Multi
              label="Blood group"
              data={BLOOD_GROUPS}
              value={values.blood_group}
              onChange={(v) => set('blood_group', v)}
            />
            <Multi
              label="Religion"
              data={RELIGIONS}
              value={values.religions}
              onChange={(v) => set('religions', v)}
            />
            <Stack gap={4}>
              <Multi label="Race" data={RACES} value={values.race} onChange={(v) => set('race', v)} />
              {values.race.length > 1 ? (
                <Condition
                  label="Race match"
                  value={values.raceCondition}
                  onChange={(v) => set('raceCondition', v)}
                />
              ) : null}
            </Stack>
            <Stack gap={4}>
              <Multi
                label="Ethnicity"
                data={ETHNICITIES}
                value={values.ethnicity}
                onChange={(v) => set('ethnicity', v)}
              />
              {values.ethnicity.length > 1 ? (
                <Condition
                  label="Ethnicity match"
                  value={values.ethCondition}
                  onChange={(v) => set('ethCondition', v)}
                />
              ) : null}
            </Stack>
            <Multi
              label="Heritage"
              data={HERITAGES}
              value={values.heritage}
              onChange={(v) => set('heritage', v)}
            />
            <Multi
              label="Donor type"
              data={DONOR_TYPES.map((t) => ({ value: t, label: DONOR_TYPE_LABEL[t] }))}
              value={values.donortype}
              onChange={(v) => set('donortype', v)}
            />
            <Multi
              label="Availability"
              data={SHORTLIST_AVAILABILITY}
              value={values.donoravailability}
              onChange={(v) => set('donoravailability', v)}
            />
            <Multi
              label="Egg donation arrangement"
              data={EGG_DONATION_ARRANGEMENTS}
              value={values.eggDonationArrangement}
              onChange={(v) => set('eggDonationArrangement', v)}
            />
            <TextInput
              label="First name"
              value={values.first_name}
              onChange={(e) => set('first_name', e.currentTarget.value)}
            />
            <TextInput
              label="Donor id"
              value={values.donor_id}
              onChange={(e) => set('donor_id', e.currentTarget.value)}
            />
          </SimpleGrid>
          <Group mt="md">
            <Checkbox
              label="Previous donor"
              checked={values.previousdonor}
              onChange={(e) => set('previousdonor', e.currentTarget.checked)}
            />
            <Checkbox
              label="Proven fertility"
              checked={values.provenfertility}
              onChange={(e) => set('provenfertility', e.currentTarget.checked)}
            />
          </Group>
        </Accordion.Panel>
      </Accordion.Item>

      <Accordion.Item value="education">
        <Accordion.Control>Education</Accordion.Control>
        <Accordion.Panel>
          <Stack>
            <Multi
              label="Education level"
              data={EDUCATION_LEVELS}
              value={values.educationlevel}
              onChange={(v) => set('educationlevel', v)}
            />
            <Checkbox
              label="Has a college degree"
              checked={values.college_degree}
              onChange={(e) => set('college_degree', e.currentTarget.checked)}
            />
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>

      <Accordion.Item value="scores">
        <Accordion.Control>Test scores</Accordion.Control>
        <Accordion.Panel>
          <Stack>
            <Range
              label="ACT"
              min={EXAM_SCORE_RANGE.ACT.min}
              max={EXAM_SCORE_RANGE.ACT.max}
              step={1}
              values={values}
              keys={['minact', 'maxact']}
              set={set}
              errors={errors}
            />
            <Range
              label="SAT"
              min={EXAM_SCORE_RANGE.SAT.min}
              max={EXAM_SCORE_RANGE.SAT.max}
              step={10}
              values={values}
              keys={['minsat', 'maxsat']}
              set={set}
              errors={errors}
            />
            <Range
              label="GPA"
              min={0}
              max={GPA_MAX}
              step={0.1}
              values={values}
              keys={['mingpa', 'maxgpa']}
              set={set}
              errors={errors}
            />
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>

      <Accordion.Item value="amh">
        <Accordion.Control>AMH</Accordion.Control>
        <Accordion.Panel>
          <Range
            label="AMH (ng/mL)"
            min={0}
            max={AMH_MAX}
            step={0.1}
            values={values}
            keys={['minamhscore', 'maxamhscore']}
            set={set}
            errors={errors}
          />
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
