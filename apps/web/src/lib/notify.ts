import { TOAST_MS } from '@dm/shared';
import { notifications } from '@mantine/notifications';

const COLORS = { error: 'red', success: 'green', warning: 'yellow' } as const;
const TITLES = { error: 'Error', success: 'Success', warning: 'Warning' } as const;

/** The one toast helper: 5 seconds, titled by kind (platform.md section 8). */
export function notify(kind: keyof typeof COLORS, message: string, title?: string): void {
  notifications.show({
    color: COLORS[kind],
    title: title ?? TITLES[kind],
    message,
    autoClose: TOAST_MS,
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Close notification' },
  });
}
