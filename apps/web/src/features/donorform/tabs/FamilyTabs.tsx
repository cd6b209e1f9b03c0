import {
  BODY_TYPES,
  DISEASES,
  EYE_COLORS,
  FAMILY_HISTORY_KEYS,
  HAIR_COLORS,
  MSG,
  OTHER_RELATIONS,
  relationsOffered,
} from '@dm/shared';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { type FieldDef, Fields, RepeatingSection, type Values } from '../fields';
import { bind, heightFields, normaliseHeights, rows, section, type TabProps } from './common';

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
