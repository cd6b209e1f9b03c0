import {
  BODY_TYPES,
  ETHNICITIES,
  EYE_COLORS,
  HAIR_COLORS,
  HERITAGES,
  MAX_ETHNICITY_COUNT,
  MAX_RACE_COUNT,
  MSG,
  type PercentageEntry,
  type PercentageKind,
  percentageOptionsLeft,
  percentageProblem,
  RACES,
  RELIGIONS,
  SKIN_TYPES,
  splitEvenly,
} from '@dm/shared';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ChoiceSelect } from '../../../components/ReadOnlyValue';
import { type FieldDef, Fields } from '../fields';
import { bind, rows, type TabProps } from './common';

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
          <ChoiceSelect
            label={`${label} ${index + 1}`}
            readOnly={readOnly}
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
            <ChoiceSelect
              label={`${label} ${index + 1} percentage`}
              readOnly={readOnly}
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
