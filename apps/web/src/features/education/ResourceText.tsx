import { type EducationResource, paragraphsOf } from '@dm/shared';
import { Anchor, Stack, Text } from '@mantine/core';

const LINK_LABELS: Record<EducationResource['type'], string> = {
  articles: 'Read the full article',
  videos: 'Watch the video',
  guides: 'Open the guide',
  faqs: 'Learn more',
};

/**
 * A resource's text as plain paragraphs (React escapes it: nothing typed runs as markup) and its
 * link, which is always http(s) (the shared rule the server applies) and opens in a new tab.
 */
export function ResourceText({ resource }: { resource: EducationResource }) {
  return (
    <Stack gap="xs">
      {paragraphsOf(resource.body).map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, never reordered
        <Text key={i} style={{ whiteSpace: 'pre-line' }}>
          {p}
        </Text>
      ))}
      {resource.link ? (
        <Anchor href={resource.link} target="_blank" rel="noopener noreferrer nofollow">
          {LINK_LABELS[resource.type]}: {resource.title} (opens in a new tab)
        </Anchor>
      ) : null}
    </Stack>
  );
}
