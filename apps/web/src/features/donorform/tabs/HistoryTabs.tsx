import {
  CLINIC_DATE_YEARS,
  DEFAULT_CLINIC_LABEL,
  EDUCATION_RECORD_TYPES,
  EXAM_TYPES,
  enrollmentYears,
  PREGNANCY_RESULTS,
  QUEUE_TYPES,
} from '@dm/shared';
import { Alert, Stack, Text } from '@mantine/core';
import { type FieldDef, Fields, RepeatingSection, type Values } from '../fields';
import { bind, numeric, ranged, rows, section, type TabProps } from './common';

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
