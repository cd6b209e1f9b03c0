/**
 * The one place that knows whether the open screen holds unsaved changes, for actions that leave
 * the screen without a link: logging out and switching role (donor-forms spec section 4). A screen
 * with useUnsavedChangesGuard registers its confirmation here while it is mounted.
 */
type Confirm = (proceed: () => void) => void;

let current: Confirm | null = null;

/** Registers the open screen's confirmation; returns the unregister function. */
export function registerLeaveGuard(confirm: Confirm): () => void {
  current = confirm;
  return () => {
    if (current === confirm) current = null;
  };
}

/** Runs `proceed` at once, or after the open screen's unsaved-changes dialog lets it go on. */
export function guardedLeave(proceed: () => void): void {
  if (current) current(proceed);
  else proceed();
}
