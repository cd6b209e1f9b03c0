/**
 * Donor uploads (donor-forms spec sections 5, 7, 8 and 9; platform.md section 9): the limits
 * and messages both the photos & media tab and the server judge by.
 */

import { z } from 'zod';
import { idSchema } from './validation.js';

const MB = 1024 * 1024;

export const IMAGE_MAX_BYTES = 20 * MB;
export const VIDEO_MAX_BYTES = 500 * MB;
export const DOCUMENT_MAX_BYTES = 25 * MB;

export const MAX_IMAGES = 30;
export const MAX_VIDEOS = 2;
export const MAX_DOCUMENTS = 5;
/** At most half the maximum image count in one selection. */
export const MAX_IMAGES_PER_SELECTION = MAX_IMAGES / 2;
/** Pictures the upload tab needs before the form can be submitted. */
export const MANDATORY_PICTURES = 1;
export const ADDITIONAL_DOCUMENT_LIMITS = { IMG: 5, VID: 2, DOC: 2 } as const;

export const PHOTO_TYPES = ['png', 'jpeg', 'jpg', 'gif', 'bmp'] as const;
export const VIDEO_TYPES = ['mp4', '3gp', 'ogg', 'avi', 'mov', 'wmv', 'mpg', 'webm', 'mkv'] as const;
export const DOCUMENT_TYPES = ['doc', 'docx', 'pdf', 'ppt', 'pptx', 'odt'] as const;
/** The COVID vaccination card may be a document or a photo of the card. */
export const COVID_FILE_TYPES = [...DOCUMENT_TYPES, ...PHOTO_TYPES] as const;

/** Videos travel in chunks of exactly this many bytes (the last one may be shorter). */
export const VIDEO_CHUNK_BYTES = 3_072_000;
/** The image guidelines can be accepted once scrolled within this many pixels of the end. */
export const IMAGE_GUIDELINES_SCROLL_PX = 200;
export const CAPTION_MAX = 200;

export type UploadArea = 'picture' | 'video' | 'document' | 'covid' | 'additional';

/** The spec's wording, typos included. */
export const UPLOAD_MSG = {
  total: (max: number) => `The total count of the uploads should be ${max}.`,
  TOO_BIG: 'File is too big.',
  onlyImages: (types: readonly string[] = PHOTO_TYPES) => `Only images (${types.join(', ')}) are allowed.`,
  perSelection: (n: number = MAX_IMAGES_PER_SELECTION) => `Can not select more than ${n} pics at a time.`,
  INVALID_FORMAT: 'Invalid File Format.',
  INVALID: 'File is invalid.',
  BUSY: 'Please try after current file is uploaded.',
  SELECT_FILE: 'Please select a file',
  SELECT_PROFILE_PICTURE: 'Please select a profile picture',
  SELECT_PHOTO: 'Please select a photo',
  PROFILE_TOO_SMALL: 'Profile picture size is too small',
  UPLOAD_FAILED: 'Error during upload.',
  UPLOAD_RETRY: 'Some Error occured during upload. Please try again',
  EDITED_TOO_SMALL: 'Edited image size is too small',
  /** A profile picture (/profileimg) of a type other than the photo types. */
  INVALID_FILE_TYPE: 'Invalid File Type',
  /** A donor's profile picture is set on her donor form (uploadprofilepic/{id}/1/{donor role}). */
  DONOR_PICTURE_ON_FORM: 'A donor sets her profile picture on the photos tab of her donor form.',
  IMAGE_NOT_FOUND: 'Image not found. Try deleting and updating the image again.',
  IMAGE_UPDATE_FAILED: 'Some error occured',
  SELECT_IMAGES: 'Select Images.',
  UPLOAD_SELECTED_FIRST: 'Please upload the selected file first',
  READ_IMAGES_FAILED: 'Some error in reading images.',
  TRANSCODING: 'Video transcoding is in process.',
  NO_PREVIEW: 'Currently preview for this video is not available.',
  ALL_FAILED: 'Something went Wrong!',
  someFailed: (n: number) => `Error in uploading ${n} file(s)`,
  UPLOADED: 'File(s) uploaded successfully.',
  // Wording not given by the spec:
  PICTURE_DELETED: 'Picture deleted successfully.',
  VIDEO_DELETED: 'Video deleted successfully.',
  DOCUMENT_DELETED: 'Document deleted successfully.',
  PROFILE_PICTURE_SET: 'Profile picture updated successfully.',
  PROFILE_PICTURE_REMOVED: 'Profile picture removed successfully.',
  REMOVE_PROFILE_PICTURE_CONFIRM: 'Are you sure you want to remove your profile picture?',
  VISIBILITY_SAVED: 'Visibility updated successfully.',
  CAPTION_SAVED: 'Caption saved successfully.',
  GUIDELINES_ACCEPTED: 'Image guidelines accepted.',
  CHUNK_INVALID: 'This part of the video is invalid. Please try again.',
  UPLOAD_INCOMPLETE: 'The upload is not complete yet.',
  UPLOAD_SESSION_GONE: 'This upload has expired. Please choose the file again.',
  DELETE_PICTURE_CONFIRM: 'Are you sure you want to delete this picture?',
  DELETE_VIDEO_CONFIRM: 'Are you sure you want to delete this video?',
  DELETE_DOCUMENT_CONFIRM: 'Are you sure you want to delete this document?',
} as const;

/** The extension of a file name, lower case, or '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export const isOneOf = (types: readonly string[], name: string): boolean => types.includes(extensionOf(name));

/** How many chunks a video of `size` bytes travels in. */
export const chunkCount = (size: number): number => Math.max(1, Math.ceil(size / VIDEO_CHUNK_BYTES));

/** The exact length chunk `index` must have. */
export function chunkLength(size: number, index: number): number {
  const last = chunkCount(size) - 1;
  if (index < last) return VIDEO_CHUNK_BYTES;
  return size - last * VIDEO_CHUNK_BYTES;
}

/** One stored file of the photos & media tab. */
export interface MediaFile {
  id: number;
  url: string;
  name: string | null;
  caption: string | null;
  contentType: string;
  sizeBytes: number;
  private: boolean;
  isDefault: boolean;
  createdAt: string;
}

/** A video upload still in progress (resumable) or being assembled. */
export interface VideoUploadState {
  uploadId: string;
  fileName: string;
  sizeBytes: number;
  chunkSize: number;
  totalChunks: number;
  /** Chunk indexes the server holds, ascending. */
  received: number[];
  status: 'uploading' | 'assembling';
}

/** GET /api/donormedia/{id}: everything the photos & media tab shows. */
export interface DonorMedia {
  donorId: number;
  pictures: MediaFile[];
  videos: MediaFile[];
  videoUploads: VideoUploadState[];
  documents: MediaFile[];
  covidDocument: MediaFile | null;
  imageGuidelinesAccepted: boolean;
  /** Staff only: when staff last opened this tab (files added since are marked new); null for the donor. */
  lastVisitedAt: string | null;
}

/** POST /api/uploadadditionaldoc: which files made it and why the others did not. */
export interface AdditionalUploadResult {
  uploaded: MediaFile[];
  failed: { name: string; message: string }[];
}

/**
 * GET /api/profilepicture/{userId}: the profile picture of a user who is not a donor (/profileimg);
 * `url` carries the picture's version, so a new picture is a new address (cached privately).
 */
export const userPicture = z.object({
  userId: z.number(),
  url: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type UserPicture = z.output<typeof userPicture>;

/** /profilepicture/{userId} and the upload's path: whose picture. */
export const userPictureParams = z.object({ userId: idSchema({ label: 'User id' }) });
