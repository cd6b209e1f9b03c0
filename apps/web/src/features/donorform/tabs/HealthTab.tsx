import { BIRTH_CONTROL, BLOOD_GROUPS, CONTRACEPTIVE_TYPES, TRANSMITTED_DISEASES } from '@dm/shared';
import { Stack } from '@mantine/core';
import { AMH_PATTERN, type FieldDef, Fields, RepeatingSection } from '../fields';
import { bind, section, type TabProps, YES_NO_FIELDS } from './common';

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
