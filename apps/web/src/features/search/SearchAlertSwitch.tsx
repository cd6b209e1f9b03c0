import { type SavedSearch, SEARCH_ALERT_LABEL } from '@dm/shared';
import { Switch } from '@mantine/core';
import { useSavedSearchMutations } from './queries';

/**
 * The daily e-mail of a saved search's new matches (decision 021), on or off at once.
 * `inTable`: one switch per row, so its name says which search; beside the search picker the
 * visible label and a description naming the picked search.
 */
export function SearchAlertSwitch({ search, inTable = false }: { search: SavedSearch; inTable?: boolean }) {
  const { alert } = useSavedSearchMutations();
  const pending = alert.isPending && alert.variables?.search_id === search.search_id;
  const checked = pending ? alert.variables!.alert : search.alert;
  return (
    <Switch
      {...(inTable
        ? { 'aria-label': `${SEARCH_ALERT_LABEL}: ${search.search_name}` }
        : {
            label: SEARCH_ALERT_LABEL,
            description: checked
              ? `On: new donors of “${search.search_name}” come by e-mail, once a day at most.`
              : `Off for “${search.search_name}”.`,
          })}
      onLabel="On"
      offLabel="Off"
      size="md"
      // The word on the light track of a switched-off switch in the body colour: the default grey
      // is too faint to read (contrast).
      styles={checked ? undefined : { trackLabel: { color: 'var(--mantine-color-text)' } }}
      checked={checked}
      disabled={pending}
      onChange={(e) => alert.mutate({ search_id: search.search_id, alert: e.currentTarget.checked })}
    />
  );
}
