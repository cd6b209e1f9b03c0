import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface KeyValueRow {
  key: string | number;
  label: ReactNode;
  value: ReactNode;
}

/**
 * A record shown as label / value rows (not a list, so no sorting or paging): the label is the
 * row header. `headers` names the two columns where the page shows them.
 */
export function KeyValueTable(props: {
  rows: KeyValueRow[];
  caption?: string;
  headers?: [string, string];
  labelWidth?: string;
  /** Labels in normal weight, for long labels such as questions. */
  plainLabels?: boolean;
  tableProps?: Omit<TableProps, 'children'>;
}) {
  return (
    <Table striped withTableBorder captionSide="top" {...props.tableProps}>
      {props.caption ? <Table.Caption>{props.caption}</Table.Caption> : null}
      {props.headers ? (
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{props.headers[0]}</Table.Th>
            <Table.Th scope="col">{props.headers[1]}</Table.Th>
          </Table.Tr>
        </Table.Thead>
      ) : null}
      <Table.Tbody>
        {props.rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Th scope="row" w={props.labelWidth} fw={props.plainLabels ? 'normal' : undefined}>
              {row.label}
            </Table.Th>
            <Table.Td>{row.value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
