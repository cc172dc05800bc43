// Drone photo upload and modelling (spec 001 §1 "Survey types", §2 "Drone photo upload dialog",
// §4 "Drone upload", §5 "Drone photos", §9 "Drone modelling"; spec 000 §7 "Uploads": uploadUAV,
// upload/append, buildingSchemaUpload). The rules live here once, for the server's check and the
// browser's pre-check: a photo is a JPEG (magic bytes) carrying a GPS latitude and longitude, within
// the size cap, the session's file count and total size, and the remaining drone photo credit; at
// least 20 approved photos are needed to model. Modelling takes about 10–20 minutes and ends with an
// e-mail; a failed modelling refunds the photo credit.
import { z } from 'zod';
import { isoTime, recordId } from './common.ts';

export const DRONE_LIMITS = {
  /** Approved photos needed to submit for modelling (spec 001 §5, §9). */
  minApproved: 20,
  /** [bytes] largest photo (a 48 MP drone JPEG is ≈ 15–25 MB). */
  maxPhotoBytes: 30 * 1024 * 1024,
  /** Most photos one session holds (spec 001 §5 "maximum file count", value not shown). */
  maxFiles: 1000,
  /** [bytes] largest total of one session's photos (spec 001 §5 "total size cap", value not shown). */
  maxTotalBytes: 10 * 1024 * 1024 * 1024,
  /** Photos per upload request: the browser sends them in batches of this size. */
  filesPerRequest: 8,
  /** Typical modelling time the dialog announces [min]. */
  modellingMinutes: [10, 20] as const,
} as const;

/** Why a photo was refused (the web app translates the key; `message` is the English text). */
export const photoFailures = ['not-jpeg', 'missing-gps', 'too-large', 'too-many', 'total-too-large', 'duplicate', 'no-credit'] as const;
export type PhotoFailure = (typeof photoFailures)[number];

/** The English text of each refusal ('Missing GPS data' as the spec says it). */
export const PHOTO_FAILURE_TEXT: Record<PhotoFailure, string> = {
  'not-jpeg': 'Not a JPG image',
  'missing-gps': 'Missing GPS data',
  'too-large': `The photo is larger than ${DRONE_LIMITS.maxPhotoBytes / 1024 / 1024} MB`,
  'too-many': `At most ${DRONE_LIMITS.maxFiles} photos can be uploaded`,
  'total-too-large': `The photos may total at most ${DRONE_LIMITS.maxTotalBytes / 1024 / 1024 / 1024} GB`,
  duplicate: 'This photo is already in the upload',
  'no-credit': 'Not enough drone photo credit',
};

/** A photo the server holds an answer for. */
export const dronePhotoSchema = z.object({
  id: z.int(),
  fileName: z.string(),
  /** [bytes] */
  size: z.int().min(0),
  state: z.enum(['approved', 'failed']),
  reason: z.enum(photoFailures).nullable(),
  /** English text of the reason (null when approved). */
  message: z.string().nullable(),
  /** GPS position [°] (null when the photo has none). */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type DronePhoto = z.infer<typeof dronePhotoSchema>;

/** open: photos may be added; submitted: sent for modelling; cancelled: dropped by the user. */
export const uploadStates = ['open', 'submitted', 'cancelled'] as const;

/** queued: waiting for a worker; uploading: photos going to the modelling service; processing: the
 * service is modelling; completed: the orthophoto is the project's; failed: credits refunded. */
export const droneJobStates = ['queued', 'uploading', 'processing', 'completed', 'failed'] as const;
export type DroneJobState = (typeof droneJobStates)[number];

export const droneJobSchema = z.object({
  id: z.int(),
  state: z.enum(droneJobStates),
  /** [%] 0–100 */
  progress: z.number().min(0).max(100),
  /** Photo credit charged (refunded when the job failed). */
  photoCredits: z.int(),
  refunded: z.boolean(),
  error: z.string().nullable(),
  /** The stored orthophoto once completed (its placement is the building document's map.orthophoto). */
  orthophotoId: z.string().nullable(),
  createdAt: isoTime,
  finishedAt: isoTime.nullable(),
});
export type DroneJob = z.infer<typeof droneJobSchema>;

export const droneUploadSchema = z.object({
  uploadId: z.int(),
  state: z.enum(uploadStates),
  approved: z.int(),
  failed: z.int(),
  /** [bytes] of the approved photos. */
  totalBytes: z.number(),
  photos: z.array(dronePhotoSchema),
});
export type DroneUpload = z.infer<typeof droneUploadSchema>;

/** Whether modelling can run here (docs/PRODUCT.md: a provider that is not configured says so). */
export const droneServiceSchema = z.object({
  configured: z.boolean(),
  notice: z.string().nullable(),
});

/** The dialog's picture: credit, the open (or latest) upload and its job. */
export const droneStatusSchema = z.object({
  service: droneServiceSchema,
  /** Remaining drone photo credit (surplusCapacity) and project quota (projectLimit). */
  surplusCapacity: z.int(),
  projectLimit: z.int(),
  /** Photo credit left for more photos in the open upload: surplusCapacity − its approved photos. */
  remainingCredit: z.int(),
  upload: droneUploadSchema.nullable(),
  job: droneJobSchema.nullable(),
});
export type DroneStatus = z.infer<typeof droneStatusSchema>;

/** The answer to uploadUAV and upload/append: this request's photos and the whole upload. */
export const droneAppendSchema = z.object({
  uploadId: z.int(),
  photos: z.array(dronePhotoSchema),
  upload: droneUploadSchema,
  remainingCredit: z.int(),
});
export type DroneAppend = z.infer<typeof droneAppendSchema>;

export const uploadUavQuery = z.object({ projectId: recordId });
export const uploadAppendQuery = z.object({ projectId: recordId, uploadId: recordId });
export const droneSubmitBody = z.object({ projectId: recordId, uploadId: recordId });
export const droneCancelBody = droneSubmitBody;

export const DRONE_PATHS = {
  uploadUAV: '/api/web/project/uploadUAV',
  append: '/api/web/project/upload/append',
  submit: '/api/web/project/buildingSchemaUpload',
  status: '/api/web/project/drone/status',
  cancel: '/api/web/project/drone/cancel',
} as const;
