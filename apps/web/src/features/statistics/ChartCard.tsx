import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';

/** One row of a chart's table: a label (a link to its grid when the chart is clickable) and its numbers. */
export interface ChartTableRow {
  label: string;
  values: number[];
  href?: string;
}

/**
 * A chart with its title and the same numbers as a table in a details element, so screen
 * readers, keyboard users and tests read what the chart draws. A row's link is the keyboard
 * equivalent of clicking the chart.
 */
export function ChartCard(props: {
  title: string;
  description?: string;
  chart: ReactNode;
  rowHeader: string;
  columns: string[];
  rows: ChartTableRow[];
  loading?: boolean;
}) {
  const titleId = useId();
  return (
    // miw 0: a grid cell shrinks below the chart's drawn width, so the chart follows a narrow screen.
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} miw={0}>
      <Stack gap="sm">
        <Title order={2} fz="h4" id={titleId}>
          {props.title}
        </Title>
        {props.description ? (
          <Text fz="sm" c="dimmed">
            {props.description}
          </Text>
        ) : null}
        {props.loading ? <Text fz="sm">Loading…</Text> : props.chart}
        <details>
          <summary>Numbers of {props.title.toLowerCase()}</summary>
          <Table.ScrollContainer minWidth={400}>
            <Table striped>
              <Table.Caption>{props.title}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{props.rowHeader}</Table.Th>
                  {props.columns.map((c) => (
                    <Table.Th scope="col" key={c}>
                      {c}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {props.rows.map((row) => (
                  <Table.Tr key={row.label}>
                    <Table.Th scope="row">
                      {row.href ? (
                        <Anchor component={Link} to={row.href}>
                          {row.label}
                        </Anchor>
                      ) : (
                        row.label
                      )}
                    </Table.Th>
                    {row.values.map((v, i) => (
                      <Table.Td key={props.columns[i]}>{v}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </details>
      </Stack>
    </Paper>
  );
}
