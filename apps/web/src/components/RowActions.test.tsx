import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { KeyValueTable } from './KeyValueTable';
import { ConfirmDeleteButton, RowActions } from './RowActions';

const show = (ui: React.ReactElement) =>
  render(
    <MantineProvider env="test">
      <ModalsProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </ModalsProvider>
    </MantineProvider>,
  );

describe('RowActions', () => {
  it('names each button after its row; links navigate, others call back', () => {
    const rename = vi.fn();
    show(
      <RowActions
        actions={[
          { label: 'Run', ariaLabel: 'Run Spring list', to: '/search?savedsearch=3' },
          { label: 'Rename', ariaLabel: 'Rename Spring list', onClick: rename },
        ]}
      />,
    );
    expect(screen.getByRole('link', { name: 'Run Spring list' }).getAttribute('href')).toBe(
      '/search?savedsearch=3',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Rename Spring list' }));
    expect(rename).toHaveBeenCalledOnce();
  });

  it('deletes only after the confirm dialog', async () => {
    const remove = vi.fn();
    show(
      <ConfirmDeleteButton
        ariaLabel="Delete video 1"
        title="Delete video"
        message="Sure?"
        onConfirm={remove}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete video 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete video' });
    expect(remove).not.toHaveBeenCalled();
    expect(dialog.textContent).toContain('Sure?');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledOnce();
  });
});

describe('KeyValueTable', () => {
  it('makes each label the row header, with optional column headers', () => {
    show(
      <KeyValueTable
        caption="About"
        headers={['Question', 'Answer']}
        rows={[
          { key: 1, label: 'Smoker?', value: 'No' },
          { key: 2, label: 'Height', value: '5′6″' },
        ]}
      />,
    );
    expect(screen.getByRole('table', { name: 'About' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Answer' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Smoker?' })).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Height 5′6″' })).toBeTruthy();
  });
});
