import { Text } from '@mantine/core';

/**
 * PLACEHOLDER so the /editprofile shell compiles on its own branch: the real My account tab
 * (profile fields, communication preferences, contact and e-mail change) is built on another
 * branch of issue 21 and replaces this file at merge.
 */
export function MyAccountTab() {
  return <Text>My account</Text>;
}
