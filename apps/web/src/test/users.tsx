import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';

/** The users grids open confirm modals: render them inside the modals provider. */
export const usersPage = (ui: ReactElement) => <ModalsProvider>{ui}</ModalsProvider>;

/** Opens a grid row's Actions menu and picks an item. */
export async function openMenuItem(name: string, item: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions: ${name}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}
