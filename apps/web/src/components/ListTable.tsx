import {
  Checkbox,
  Group,
  Pagination,
  Table,
  type TableProps,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  type ComponentProps,
  type CSSProperties,
  type ReactNode,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

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
  /** What a client-side list sorts this column by (lists the server returns whole). */
  sortValue?: (row: T) => string | number | null | undefined;
  /** The cell names its row (th scope="row"), as the first column of a matrix does. */
  rowHeader?: boolean;
  cellStyle?: CSSProperties;
}

/** Where a list is: its query (page, sort, search) and the setters the table calls. */
export interface ListState {
  query: ListQuery;
  search: string;
  setSearch: (search: string) => void;
  sortBy: (key: string) => void;
  page: number;
  setPage: (page: number) => void;
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
): ListState {
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

const compare = (a: string | number | null | undefined, b: string | number | null | undefined) => {
  if (a === b) return 0;
  if (a === null || a === undefined || a === '') return 1;
  if (b === null || b === undefined || b === '') return -1;
  return typeof a === 'number' && typeof b === 'number'
    ? a - b
    : String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });
};

/**
 * The same list state over rows the server returns whole: sorting, paging and the search
 * (`matches`, when the grid has a search box) run in memory. `rows` is the page to show.
 * Without a page size every row shows; without a sort the server's order stays.
 */
export function useClientList<T>(
  all: readonly T[],
  columns: readonly Column<T>[],
  options: {
    sort?: string;
    ord?: ListQuery['ord'];
    pageSize?: number;
    matches?: (row: T, search: string) => boolean;
  } = {},
): ListState & { rows: T[]; total: number } {
  const list = useListQuery(options.sort ?? '', options.pageSize ?? Number.MAX_SAFE_INTEGER, options.ord, 0);
  const { query } = list;
  const { matches } = options;
  const filtered = useMemo(() => {
    const needle = query.search.trim();
    const found = needle && matches ? all.filter((row) => matches(row, needle)) : [...all];
    const sortValue = columns.find((c) => c.key === query.sort)?.sortValue;
    if (sortValue) {
      const sign = query.ord === 'asc' ? 1 : -1;
      found.sort((a, b) => sign * compare(sortValue(a), sortValue(b)));
    }
    return found;
  }, [all, columns, matches, query.search, query.sort, query.ord]);
  // A list that shrank (a filter, a deleted row) never leaves the table on a page past its end.
  const lastFrom = Math.max(0, (Math.ceil(filtered.length / query.to) - 1) * query.to);
  const from = Math.min(query.from, lastFrom);
  return {
    ...list,
    page: Math.floor(from / query.to) + 1,
    rows: filtered.slice(from, from + query.to),
    total: filtered.length,
  };
}

type Key = string | number;

/**
 * The one table of every grid: caption, sortable headers (buttons, aria-sort on the th),
 * paging, an optional search box, a count read out when it changes, loading and empty rows,
 * an optional actions column and selection checkboxes.
 */
export function ListTable<T>(props: {
  caption: ReactNode;
  /** A caption only screen readers read, for grids whose heading is elsewhere on the page. */
  hideCaption?: boolean;
  captionSide?: 'top' | 'bottom';
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** Sorting and paging: from useListQuery (server) or useClientList (in memory). */
  list?: ListState;
  /** All rows of the list, not only this page (defaults to the rows shown). */
  total?: number;
  /** Shows the search box with this label. */
  searchLabel?: string;
  loading?: boolean;
  /** The row shown when there is nothing; null shows none (the page says so itself). */
  empty?: ReactNode;
  /** The row shown while loading (nothing by default: the count says Loading…). */
  loadingRow?: ReactNode;
  /** Text for the live count; false leaves the count out (the page shows its own). */
  count?: ReactNode | false;
  /** Wraps the table in a horizontal scroll container this wide. */
  minWidth?: number;
  tableProps?: Omit<TableProps, 'children'>;
  /** Extra attributes of a row (drag and drop, data- attributes). */
  rowProps?: (row: T, index: number) => ComponentProps<'tr'>;
  actions?: { label?: string; render: (row: T) => ReactNode };
  selection?: {
    selected: ReadonlySet<Key>;
    onChange: (next: Set<Key>) => void;
    /** The accessible name of a row's checkbox. */
    label: (row: T) => string;
  };
}) {
  const { list, selection } = props;
  const total = props.total ?? props.rows.length;
  const loading = props.loading ?? false;
  const pages = list ? Math.max(1, Math.ceil(total / list.query.to)) : 1;
  const columns: Column<T>[] = props.actions
    ? [
        ...props.columns,
        { key: '__actions', label: props.actions.label ?? 'Actions', render: props.actions.render },
      ]
    : [...props.columns];
  const width = columns.length + (selection ? 1 : 0);
  const countText = props.count ?? (loading ? 'Loading…' : `${total} found`);
  const empty = props.empty === undefined ? 'No data found.' : props.empty;
  const toggle = (key: Key, on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (on) next.add(key);
    else next.delete(key);
    selection.onChange(next);
  };

  const table = (
    <Table striped highlightOnHover captionSide={props.captionSide} {...props.tableProps}>
      <Table.Caption>
        {props.hideCaption ? <VisuallyHidden>{props.caption}</VisuallyHidden> : props.caption}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {selection ? (
            <Table.Th scope="col">
              <VisuallyHidden>Select</VisuallyHidden>
            </Table.Th>
          ) : null}
          {columns.map((c) => {
            const sorted = list?.query.sort === c.key;
            const ord = list?.query.ord;
            return (
              <Table.Th
                key={c.key}
                scope="col"
                aria-sort={sorted ? (ord === 'asc' ? 'ascending' : 'descending') : undefined}
              >
                {c.sortable && list ? (
                  <UnstyledButton onClick={() => list.sortBy(c.key)} fw={700} fz="sm">
                    {c.label}
                    {sorted ? (ord === 'asc' ? ' ▲' : ' ▼') : ''}
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
        {props.rows.map((row, index) => {
          const key = props.rowKey(row);
          return (
            <Table.Tr key={key} {...props.rowProps?.(row, index)}>
              {selection ? (
                <Table.Td>
                  <Checkbox
                    aria-label={selection.label(row)}
                    checked={selection.selected.has(key)}
                    onChange={(e) => toggle(key, e.currentTarget.checked)}
                  />
                </Table.Td>
              ) : null}
              {columns.map((c) =>
                c.rowHeader ? (
                  <Table.Th key={c.key} scope="row" style={c.cellStyle}>
                    {c.render(row)}
                  </Table.Th>
                ) : (
                  <Table.Td key={c.key} style={c.cellStyle}>
                    {c.render(row)}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          );
        })}
        {loading && props.loadingRow ? (
          <Table.Tr>
            <Table.Td colSpan={width}>{props.loadingRow}</Table.Td>
          </Table.Tr>
        ) : null}
        {!loading && props.rows.length === 0 && empty !== null ? (
          <Table.Tr>
            <Table.Td colSpan={width}>{empty}</Table.Td>
          </Table.Tr>
        ) : null}
      </Table.Tbody>
    </Table>
  );

  return (
    <>
      {props.searchLabel && list ? (
        <Group justify="space-between" align="end">
          <TextInput
            label={props.searchLabel}
            type="search"
            value={list.search}
            onChange={(e) => list.setSearch(e.currentTarget.value)}
            w="100%"
            maw={320}
          />
          {countText === false ? null : (
            <Text fz="sm" c="dimmed" aria-live="polite">
              {countText}
            </Text>
          )}
        </Group>
      ) : countText === false ? null : props.count === undefined ? (
        // The grid shows no count: screen readers still hear how many rows it has.
        <VisuallyHidden aria-live="polite">
          {loading ? '' : `${total} ${total === 1 ? 'row' : 'rows'}`}
        </VisuallyHidden>
      ) : (
        <Text fz="sm" c="dimmed" aria-live="polite">
          {countText}
        </Text>
      )}
      {props.minWidth ? (
        <WideTable
          minWidth={props.minWidth}
          label={typeof props.caption === 'string' ? props.caption : 'Table'}
        >
          {table}
        </WideTable>
      ) : (
        table
      )}
      {list && pages > 1 ? (
        <Pagination
          total={pages}
          value={list.page}
          onChange={list.setPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        />
      ) : null}
    </>
  );
}

/**
 * A table wider than the screen scrolls sideways inside its own box, so the page itself reflows at
 * 320 px. While it does scroll, the box is a named region in the Tab order, so the arrow keys can
 * scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable); when it fits, it is no stop.
 */
function WideTable({ minWidth, label, children }: { minWidth: number; label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <Table.ScrollContainer
      ref={ref}
      type="native"
      minWidth={minWidth}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrolls sideways)` } : {})}
    >
      {children}
    </Table.ScrollContainer>
  );
}
