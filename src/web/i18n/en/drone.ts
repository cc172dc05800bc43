// English catalogue: the drone photo upload and modelling dialog (spec 001 §2, §4, §5).
import type { drone as zh } from '../zh/drone.ts';
import type { Shape } from '../shape.ts';

export const drone: Shape<typeof zh> = {
  drone: {
    title: 'Drone photo modelling',
    open: 'Upload drone photos',
    drop: 'Drag photos here, or click to choose',
    dropHint: 'JPG photos with GPS latitude and longitude; at least {{min}} approved photos are needed to model',
    credit: 'Remaining drone photo credit: {{count}}',
    counts: 'Waiting {{waiting}} · Approved {{approved}} · Uploaded {{uploaded}} · Failed {{failed}}',
    state: {
      queued: 'Queued for check',
      validating: 'Validating',
      approved: 'Approved',
      failed: 'Failed',
      uploading: 'Uploading',
      uploaded: 'Uploaded',
    },
    reason: {
      'not-jpeg': 'Not a JPG image',
      'missing-gps': 'Missing GPS data',
      'too-large': 'The photo is larger than {{mb}} MB',
      'too-many': 'At most {{max}} photos can be uploaded',
      'total-too-large': 'The photos exceed the total size limit',
      duplicate: 'Duplicate photo',
      'no-credit': 'Not enough drone photo credit',
    },
    actions: {
      upload: 'Start upload',
      retry: 'Retry upload',
      cancel: 'Cancel upload',
      cancelConfirm: 'The uploaded photos will be deleted. Cancel the upload?',
      submit: 'Submit for modelling',
      remove: 'Remove',
      close: 'Close',
      again: 'Upload again',
    },
    uploading: 'Uploading: do not close the page; no more images can be added',
    leaveWarning: 'Photos are being uploaded: leaving the page stops the upload',
    tooFew: 'Fewer than {{min}} approved photos: cannot model',
    modelling: 'Modelling in progress (about {{from}}–{{to}} minutes); you will be told by e-mail when it is done',
    progress: 'Modelling progress',
    done: 'Modelling finished: the orthophoto is the drawing background of the Building step',
    failed: 'Modelling failed: {{error}}. {{count}} photo credits have been refunded',
    notConfigured: 'The drone modelling service is not configured on this server: photos can be checked and uploaded, but not modelled',
    loadFailed: 'Loading failed',
  },
};
