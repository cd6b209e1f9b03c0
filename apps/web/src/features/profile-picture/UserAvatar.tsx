import type { SessionUser } from '@dm/shared';
import { hasUserPicture } from '@dm/shared';
import { Avatar, Tooltip, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { initialsOf } from './checks';
import { useUserPicture } from './queries';

/**
 * The signed-in user's picture in the header (initials without one), a link to /profileimg.
 * Not for donors: their pictures are on the donor form.
 */
export function UserAvatar({ user }: { user: SessionUser }) {
  const shown = hasUserPicture(user);
  const picture = useUserPicture(user.userId, shown);
  if (!shown) return null;
  const url = picture.data?.url ?? undefined;
  return (
    <Tooltip label="Profile picture">
      {/* The link's name is 'Profile picture' either way: the picture's alt, or hidden text beside the initials. */}
      <Avatar component={Link} to="/profileimg" src={url} alt="Profile picture" radius="xl" color="violet">
        <span aria-hidden="true">{initialsOf(user)}</span>
        <VisuallyHidden>Profile picture</VisuallyHidden>
      </Avatar>
    </Tooltip>
  );
}
