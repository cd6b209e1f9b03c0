import { MSG } from '@dm/shared';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { ChoiceSelect, choicesText, ReadOnlyValue } from '../../components/ReadOnlyValue';

/** One input of a donor-form tab, described as data so every tab renders (and labels) alike. */
export type FieldDef = {
  key: string;
  label: string;
  required?: boolean;
  /** Shown only when this returns true for the current values. */
  when?: (values: Values) => boolean;
  /** A date picker's first and last day (YYYY-MM-DD). */
  min?: string;
  max?: string;
} & (
  | { kind: 'text' | 'textarea' | 'date' | 'password' }
  | {
      kind: 'number';
      /** What may be typed (digits only by default: no minus, no exponent, at most one decimal point). */
      pattern?: RegExp;
    }
  | { kind: 'select'; options: readonly (string | { value: string; label: string })[] }
  | { kind: 'multi'; options: readonly string[] }
  | { kind: 'bool' }
);

export type Values = Record<string, unknown>;

/** A center's template for a tab: fields it hides and the labels it renames. */
export interface FieldTemplate {
  hidden: readonly string[];
  labels: Readonly<Record<string, string>>;
}

export interface FieldProps {
  values: Values;
  onChange: (key: string, value: unknown) => void;
  readOnly: boolean;
  /** Field keys to mark (blank mandatory fields, a 400's field, or a change under review). */
  highlight?: ReadonlySet<string>;
  errors?: Record<string, string>;
  /** Key prefix for highlight look-ups inside a repeating row (section.index.). */
  prefix?: string;
  template?: FieldTemplate;
}

/** Numbers-only inputs: digits with at most one decimal point. */
const NUMBER_PATTERN = /^\d*\.?\d*$/;
/** The AMH score: two digits, then a dot (and decimals). */
export const AMH_PATTERN = /^\d{0,2}(\.\d{0,2})?$/;

const HIGHLIGHT_STYLE = { background: 'var(--mantine-color-yellow-1)', borderRadius: 4, padding: 4 };

function str(v: unknown): string {
  return v === null || v === undefined ? '' : String(v);
}

export function Field({
  def,
  values,
  onChange,
  readOnly,
  highlight,
  errors,
  prefix = '',
  template,
}: FieldProps & { def: FieldDef }) {
  if (def.when && !def.when(values)) return null;
  if (template?.hidden.includes(def.key)) return null;
  const label = template?.labels[def.key] ?? def.label;
  const value = values[def.key];
  const marked = highlight?.has(`${prefix}${def.key}`) ?? false;
  const common = {
    label,
    required: def.required,
    error: errors?.[`${prefix}${def.key}`],
  };
  let input: React.ReactNode;
  switch (def.kind) {
    case 'text':
    case 'password':
    case 'date':
      input = (
        <TextInput
          {...common}
          type={def.kind === 'text' ? 'text' : def.kind}
          min={def.kind === 'date' ? def.min : undefined}
          max={def.kind === 'date' ? def.max : undefined}
          readOnly={readOnly}
          value={str(value)}
          onChange={(e) => onChange(def.key, e.currentTarget.value === '' ? null : e.currentTarget.value)}
        />
      );
      break;
    case 'number':
      input = (
        <TextInput
          {...common}
          type="number"
          min={0}
          inputMode="decimal"
          readOnly={readOnly}
          value={str(value)}
          onKeyDown={(e) => {
            if (e.key === '-' || e.key === 'e' || e.key === 'E' || e.key === '+') e.preventDefault();
          }}
          onChange={(e) => {
            const text = e.currentTarget.value.trim();
            if (text !== '' && !(def.pattern ?? NUMBER_PATTERN).test(text)) return;
            onChange(def.key, text === '' ? null : Number(text));
          }}
        />
      );
      break;
    case 'textarea':
      input = (
        <Textarea
          {...common}
          rows={2}
          readOnly={readOnly}
          value={str(value)}
          onChange={(e) => onChange(def.key, e.currentTarget.value === '' ? null : e.currentTarget.value)}
        />
      );
      break;
    case 'select':
      input = (
        <ChoiceSelect
          {...common}
          readOnly={readOnly}
          data={[
            { value: '', label: 'Select' },
            ...def.options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o)),
          ]}
          value={str(value)}
          onChange={(e) => onChange(def.key, e.currentTarget.value === '' ? null : e.currentTarget.value)}
        />
      );
      break;
    case 'multi':
      input = readOnly ? (
        <ReadOnlyValue label={label} error={common.error} value={choicesText(value)} />
      ) : (
        <Checkbox.Group
          {...common}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(v) => onChange(def.key, v)}
        >
          <Group mt="xs" gap="sm">
            {def.options.map((o) => (
              <Checkbox key={o} value={o} label={o} />
            ))}
          </Group>
        </Checkbox.Group>
      );
      break;
    default:
      input = readOnly ? (
        <ReadOnlyValue label={label} error={common.error} value={choicesText(value === true)} />
      ) : (
        <Checkbox
          label={label}
          checked={value === true}
          onChange={(e) => onChange(def.key, e.currentTarget.checked)}
          mt="lg"
        />
      );
  }
  return (
    <div data-highlight={marked ? 'true' : undefined} style={marked ? HIGHLIGHT_STYLE : undefined}>
      {input}
    </div>
  );
}

export function Fields({
  defs,
  cols = 2,
  ...props
}: FieldProps & { defs: readonly FieldDef[]; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: cols }}>
      {defs.map((def) => (
        <Field key={def.key} def={def} {...props} />
      ))}
    </SimpleGrid>
  );
}

/**
 * A repeating section (family members, deliveries, medications, cycles...): each row is a
 * fieldset of inputs; rows are added, edited in place and deleted after a confirmation.
 */
export function RepeatingSection({
  title,
  itemLabel,
  section,
  defs,
  rows,
  onRows,
  newRow,
  readOnly,
  highlight,
  rowTitle,
  deleteWarning,
  rowDefs,
}: {
  title: string;
  itemLabel: string;
  section: string;
  defs: readonly FieldDef[];
  rows: Values[];
  onRows: (rows: Values[]) => void;
  newRow: () => Values;
  readOnly: boolean;
  highlight?: ReadonlySet<string>;
  rowTitle?: (row: Values, index: number) => string;
  deleteWarning?: string;
  /** The inputs of one row when they depend on the other rows (the disease table's relations). */
  rowDefs?: (index: number) => readonly FieldDef[];
}) {
  const remove = (index: number) =>
    modals.openConfirmModal({
      title: `Delete ${itemLabel.toLowerCase()}`,
      children: <Text size="sm">{deleteWarning ?? MSG.DELETE_DETAILS_CONFIRM}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => onRows(rows.filter((_, i) => i !== index)),
    });
  return (
    <Stack gap="sm">
      <Text fw={600}>{title}</Text>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          None added.
        </Text>
      )}
      {rows.map((row, index) => {
        const name = rowTitle ? rowTitle(row, index) : `${itemLabel} ${index + 1}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved.
          <Fieldset key={index} legend={name}>
            <Fields
              defs={rowDefs ? rowDefs(index) : defs}
              cols={3}
              values={row}
              readOnly={readOnly}
              highlight={highlight}
              prefix={`${section}.${index}.`}
              onChange={(key, value) =>
                onRows(rows.map((r, i) => (i === index ? { ...r, [key]: value } : r)))
              }
            />
            {!readOnly && (
              <Group justify="flex-end" mt="xs">
                <Button size="xs" color="red" variant="subtle" onClick={() => remove(index)}>
                  Delete {name}
                </Button>
              </Group>
            )}
          </Fieldset>
        );
      })}
      {!readOnly && (
        <Group>
          <Button size="xs" variant="light" onClick={() => onRows([...rows, newRow()])}>
            Add {itemLabel.toLowerCase()}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
