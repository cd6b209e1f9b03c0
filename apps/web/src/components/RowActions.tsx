import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** One button of a grid row; the accessible name says which row it acts on. */
export interface RowAction {
  label: string;
  ariaLabel: string;
  /** A link (the button navigates) or a click handler. */
  to?: string;
  onClick?: () => void;
  /** Delete-like actions show red. */
  danger?: boolean;
  variant?: 'default' | 'light' | 'filled';
  title?: string;
}

/** The small buttons of a grid's actions column, the same on every grid. */
export function RowActions({ actions, wrap = 'nowrap' }: { actions: RowAction[]; wrap?: 'wrap' | 'nowrap' }) {
  return (
    <Group gap="xs" wrap={wrap}>
      {actions.map((a) => {
        const common = {
          size: 'xs',
          variant: a.danger ? 'light' : (a.variant ?? 'default'),
          color: a.danger ? 'red' : undefined,
          'aria-label': a.ariaLabel,
          title: a.title,
        } as const;
        return a.to ? (
          <Button key={a.label} {...common} component={Link} to={a.to}>
            {a.label}
          </Button>
        ) : (
          <Button key={a.label} {...common} onClick={a.onClick}>
            {a.label}
          </Button>
        );
      })}
    </Group>
  );
}

/** The red confirm dialog before a row is deleted. */
export function confirmDelete(options: { title: string; message: ReactNode; onConfirm: () => void }) {
  modals.openConfirmModal({
    title: options.title,
    children: <Text>{options.message}</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: options.onConfirm,
  });
}

/** A small red Delete button that asks first (uploads, documents, videos). */
export function ConfirmDeleteButton(props: {
  ariaLabel: string;
  title: string;
  message: ReactNode;
  onConfirm: () => void;
}) {
  return (
    <Button
      size="xs"
      color="red"
      variant="light"
      aria-label={props.ariaLabel}
      onClick={() =>
        confirmDelete({ title: props.title, message: props.message, onConfirm: props.onConfirm })
      }
    >
      Delete
    </Button>
  );
}
