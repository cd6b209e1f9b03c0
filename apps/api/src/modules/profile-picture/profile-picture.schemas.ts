import { idSchema, isRoleId, userPictureParams } from '@dm/shared';
import { z } from 'zod';

export const USER_TYPE_INVALID = 'User type is invalid.';

/**
 * POST uploadprofilepic/{userId}/0/{userTypeId}: a role id (the service answers a donor 403 and a
 * type other than the user's 400).
 */
export const uploadParams = userPictureParams.extend({
  userTypeId: idSchema({ message: USER_TYPE_INVALID }).refine(isRoleId, USER_TYPE_INVALID),
});
/** The file's address carries the picture's version (`v`) so a new picture is a new address. */
export const fileQuery = z.object({ v: z.string().max(40).optional() });
