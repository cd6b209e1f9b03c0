import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type Column, ListTable, useClientList } from './ListTable';

interface Row {
  id: number;
  name: string;
  age: number | null;
}

const ROWS: Row[] = [
  { id: 1, name: 'Carol', age: 30 },
  { id: 2, name: 'alice', age: null },
  { id: 3, name: 'Bob', age: 25 },
];

const COLUMNS: Column<Row>[] = [
  {
    key: 'name',
    label: 'Name',
    sortable: true,
    sortValue: (r) => r.name,
    rowHeader: true,
    render: (r) => r.name,
  },
  { key: 'age', label: 'Age', sortable: true, sortValue: (r) => r.age, render: (r) => r.age ?? '-' },
];

function ClientGrid(props: { rows?: Row[]; pageSize?: number; select?: boolean }) {
  const list = useClientList(props.rows ?? ROWS, COLUMNS, {
    sort: 'name',
    pageSize: props.pageSize,
    matches: (r, s) => r.name.toLowerCase().includes(s.toLowerCase()),
  });
  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  return (
    <ListTable
      caption="People"
      columns={COLUMNS}
      rows={list.rows}
      total={list.total}
      rowKey={(r) => r.id}
      list={list}
      searchLabel="Search people"
      empty="No people found."
      actions={{ render: (r) => <button type="button">Edit {r.name}</button> }}
      selection={
        props.select ? { selected, onChange: setSelected, label: (r) => `Select ${r.name}` } : undefined
      }
    />
  );
}

const show = (ui: React.ReactElement) => render(<MantineProvider env="test">{ui}</MantineProvider>);
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).queryAllByRole('rowheader')[0]?.textContent ?? r.textContent);

describe('ListTable', () => {
  it('sorts in memory from the header buttons and says so with aria-sort', () => {
    show(<ClientGrid />);
    expect(screen.getByRole('table', { name: 'People' })).toBeTruthy();
    expect(names()).toEqual(['alice', 'Bob', 'Carol']);
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(nameHeader).getByRole('button'));
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Carol', 'Bob', 'alice']);
    const ageHeader = screen.getByRole('columnheader', { name: /Age/ });
    fireEvent.click(within(ageHeader).getByRole('button'));
    expect(ageHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(nameHeader.getAttribute('aria-sort')).toBeNull();
    // Blank values sort last.
    expect(names()).toEqual(['Bob', 'Carol', 'alice']);
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Bob' })).toBeTruthy();
  });

  it('pages in memory and counts every row, not only the page', () => {
    show(<ClientGrid pageSize={2} />);
    expect(names()).toEqual(['alice', 'Bob']);
    expect(screen.getByText('3 found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(names()).toEqual(['Carol']);
  });

  it('searches in memory and shows the empty text when nothing matches', async () => {
    show(<ClientGrid />);
    fireEvent.change(screen.getByLabelText('Search people'), { target: { value: 'bo' } });
    expect(await screen.findByText('1 found')).toBeTruthy();
    expect(names()).toEqual(['Bob']);
    fireEvent.change(screen.getByLabelText('Search people'), { target: { value: 'zed' } });
    expect(await screen.findByText('No people found.')).toBeTruthy();
  });

  it('selects rows with named checkboxes', () => {
    show(<ClientGrid select />);
    const box = screen.getByRole('checkbox', { name: 'Select Bob' }) as HTMLInputElement;
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(box.checked).toBe(false);
  });

  it('without a list it is a plain table with a hidden live row count', () => {
    show(<ListTable caption="Plain" columns={COLUMNS} rows={ROWS.slice(0, 1)} rowKey={(r) => r.id} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('1 row').getAttribute('aria-live')).toBe('polite');
  });
});
