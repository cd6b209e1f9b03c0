import { type ComboboxData, NativeSelect, type NativeSelectProps, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * An answer in a read-only form (a preview, a form under review, a tab the donor may no longer
 * change): a labelled read-only text box. A disabled input drew the answer in faint grey on
 * grey (under 4.5:1) and told screen readers it was unavailable; read only, it keeps the page's
 * own text colour, can be focused and read aloud, and still cannot be changed. Every read-only
 * choice (select, checkboxes, radio buttons, yes/no box) shows through this one component.
 */
export function ReadOnlyValue({
  label,
  value,
  description,
  error,
  highlight,
}: {
  label: ReactNode;
  value: string;
  description?: ReactNode;
  error?: ReactNode;
  /** Passed on as data-highlight (a field marked for review). */
  highlight?: string;
}) {
  return (
    <TextInput
      label={label}
      description={description}
      error={error}
      value={value}
      readOnly
      data-highlight={highlight}
    />
  );
}

/** The label of the chosen option of a select's data (nothing chosen: empty). */
export function chosenLabel(data: ComboboxData | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const wanted = String(value);
  for (const item of data ?? []) {
    const options = typeof item === 'object' && 'group' in item ? item.items : [item];
    for (const option of options) {
      if (typeof option === 'string') {
        if (option === wanted) return option;
      } else if (option.value === wanted) return 'label' in option ? option.label : option.value;
    }
  }
  return wanted;
}

/** The answer of a yes/no box or a list of ticked options, as read-only text. */
export function choicesText(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return Array.isArray(value) ? value.join(', ') : '';
}

/** A native select that, read only, shows its chosen option as a ReadOnlyValue. */
export function ChoiceSelect({ readOnly, ...props }: NativeSelectProps & { readOnly: boolean }) {
  if (!readOnly) return <NativeSelect {...props} />;
  const highlight = (props as { 'data-highlight'?: string })['data-highlight'];
  return (
    <ReadOnlyValue
      label={props.label}
      description={props.description}
      error={props.error}
      value={chosenLabel(props.data, props.value)}
      highlight={highlight}
    />
  );
}
