import { endpoint } from '../contract.js';
import { userPicture, userPictureParams } from '../uploads.js';

/** /profileimg: every signed-in user may open it; the service says whose picture is whose. */
const access = { pages: ['profileimg'] } as const;

/**
 * The profile picture of users who are not donors: read and remove. (The upload, multipart, and
 * the file, streamed, stay plain routes.)
 */
export const profilePictureContract = {
  get: endpoint({
    method: 'GET',
    path: '/profilepicture/:userId',
    access,
    summary: "A user's profile picture: its address, or null (the user, staff of the center, chat partners)",
    params: userPictureParams,
    data: userPicture,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/profilepicture/:userId',
    access,
    summary: 'Removes the caller’s own profile picture',
    params: userPictureParams,
    data: userPicture,
  }),
};
