import { MSG } from '@dm/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { registerLeaveGuard } from './leave-guard';

export interface UnsavedGuard {
  dirty: boolean;
  /** Saves; resolves true when saved (the navigation then goes on). */
  save: () => Promise<boolean>;
  discard: () => void;
}

/**
 * Blocks leaving a screen with unsaved changes until they are saved or discarded: in-app links
 * (menu included) are held and a modal asks Save / Discard / Stay; closing or reloading the tab
 * gets the browser's own prompt; logging out and switching role ask too (lib/leave-guard). Returns `confirmLeave` for in-page switches (another record).
 * (The app uses a HashRouter, where react-router's useBlocker is not available.)
 */
export function useUnsavedChangesGuard(guard: UnsavedGuard): (proceed: () => void) => void {
  const navigate = useNavigate();
  const current = useRef(guard);
  current.current = guard;

  const confirmLeave = useCallback((proceed: () => void) => {
    if (!current.current.dirty) {
      proceed();
      return;
    }
    const id = modals.open({
      title: 'Unsaved changes',
      closeOnClickOutside: false,
      children: (
        <Stack>
          <Text>{MSG.UNSAVED_CHANGES}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => modals.close(id)}>
              Stay
            </Button>
            <Button
              color="red"
              variant="light"
              onClick={() => {
                modals.close(id);
                current.current.discard();
                proceed();
              }}
            >
              Discard
            </Button>
            <Button
              onClick={async () => {
                modals.close(id);
                if (await current.current.save()) proceed();
              }}
            >
              Save
            </Button>
          </Group>
        </Stack>
      ),
    });
  }, []);

  useEffect(() => registerLeaveGuard(confirmLeave), [confirmLeave]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!current.current.dirty || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!link || link.getAttribute('target') === '_blank') return;
      const href = link.getAttribute('href') ?? '';
      event.preventDefault();
      event.stopPropagation();
      confirmLeave(() => {
        if (href.startsWith('#')) navigate(href.slice(1));
        else if (href.startsWith('/')) navigate(href);
        else window.location.assign(href);
      });
    };
    const onUnload = (event: BeforeUnloadEvent) => {
      if (!current.current.dirty) return;
      event.preventDefault();
      event.returnValue = '';
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [confirmLeave, navigate]);

  return confirmLeave;
}
