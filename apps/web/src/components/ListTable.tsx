import { Group, Pagination, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';

/** Paging, sorting and search of a server-side list, sent as the request body. */
export interface ListQuery {
  from: number;
  to: number;
  search: string;
  sort: string;
  ord: 'asc' | 'desc';
}

export interface Column<T> {
  key: string;
  label: string;
  sortable?: boolean;
  render: (row: T) => ReactNode;
}

/**
 * Paging, sorting and a debounced search box over a server-side list. Grids searched by name
 * pass NAME_SEARCH_DEBOUNCE_MS (1 s, the spec's name search); others answer after 300 ms.
 */
export function useListQuery(
  sort: string,
  pageSize = 20,
  ord: ListQuery['ord'] = 'asc',
  searchDelayMs = 300,
) {
  const [query, setQuery] = useState<ListQuery>({ from: 0, to: pageSize, search: '', sort, ord });
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(
      () => setQuery((q) => (q.search === search ? q : { ...q, search, from: 0 })),
      searchDelayMs,
    );
    return () => clearTimeout(timer);
  }, [search, searchDelayMs]);
  const sortBy = (key: string) =>
    setQuery((q) => ({ ...q, sort: key, ord: q.sort === key && q.ord === 'asc' ? 'desc' : 'asc', from: 0 }));
  const page = Math.floor(query.from / query.to) + 1;
  const setPage = (p: number) => setQuery((q) => ({ ...q, from: (p - 1) * q.to }));
  return { query, search, setSearch, sortBy, page, setPage };
}

export function ListTable<T>(props: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  total: number;
  list: ReturnType<typeof useListQuery>;
  searchLabel: string;
  loading: boolean;
}) {
  const { query, search, setSearch, sortBy, page, setPage } = props.list;
  const pages = Math.max(1, Math.ceil(props.total / query.to));
  return (
    <>
      <Group justify="space-between" align="end">
        <TextInput
          label={props.searchLabel}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={320}
        />
        <Text fz="sm" c="dimmed" aria-live="polite">
          {props.loading ? 'Loading…' : `${props.total} found`}
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={700}>
        <Table striped highlightOnHover>
          <Table.Caption>{props.caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {props.columns.map((c) => {
                const sorted = query.sort === c.key;
                return (
                  <Table.Th
                    key={c.key}
                    aria-sort={sorted ? (query.ord === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {c.sortable ? (
                      <UnstyledButton onClick={() => sortBy(c.key)} fw={700} fz="sm">
                        {c.label}
                        {sorted ? (query.ord === 'asc' ? ' ▲' : ' ▼') : ''}
                      </UnstyledButton>
                    ) : (
                      c.label
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.rows.map((row) => (
              <Table.Tr key={props.rowKey(row)}>
                {props.columns.map((c) => (
                  <Table.Td key={c.key}>{c.render(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
            {!props.loading && props.rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={props.columns.length}>No data found.</Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        />
      ) : null}
    </>
  );
}
