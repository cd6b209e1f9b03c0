import type { DonorFields } from '@dm/shared';
import { labelOf, valueText } from '@dm/shared';
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { KeyValueTable } from '../KeyValueTable';

/** One group of profile fields as a two-column table: label (row header) and value. */
export function FieldTable({ caption, fields }: { caption: string; fields: DonorFields }) {
  const entries = Object.entries(fields);
  if (entries.length === 0) return <Text c="dimmed">Nothing recorded.</Text>;
  return (
    <KeyValueTable
      caption={caption}
      labelWidth="40%"
      tableProps={{ layout: 'fixed' }}
      rows={entries.map(([key, value]) => ({ key, label: labelOf(key), value: valueText(value) }))}
    />
  );
}

/** A list of records (family members, schools, cycles...) as one table with a column per field. */
export function RecordsTable({ caption, rows }: { caption: string; rows: DonorFields[] }) {
  if (rows.length === 0) return <Text c="dimmed">{caption}: nothing recorded.</Text>;
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) =>
    rows.some((r) => r[k] !== null && r[k] !== '' && !(Array.isArray(r[k]) && r[k].length === 0)),
  );
  return (
    <ScrollRegion label={caption}>
      <Table striped withTableBorder captionSide="top">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {keys.map((k) => (
              <Table.Th key={k} scope="col">
                {labelOf(k)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own and never reorder
            <Table.Tr key={i}>
              {keys.map((k) => (
                <Table.Td key={k}>{valueText(row[k] ?? null)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** A horizontally scrollable region a keyboard can reach (axe: scrollable-region-focusable). */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard
    <section aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {children}
    </section>
  );
}
