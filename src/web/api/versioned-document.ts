// A project document the server keeps with a version (the Electrical step's inverter configuration
// and cables, the Load and Economy steps' documents): what a read answers, and the error of a save
// based on a version the server has moved past (409 with data.currentVersion, spec 000 §7).
import { ApiError } from './http.ts';

/** A stored document and its version (data null: never saved — version 0 —, cleared, or of another shape). */
export interface Versioned<T> {
  readonly version: number;
  readonly data: T | null;
}

/** A save refused because the stored document moved on (409 STALE_VERSION): the version stored now. */
export class StaleDocumentError extends Error {
  constructor(
    readonly currentVersion: number,
    message: string,
  ) {
    super(message);
    this.name = 'StaleDocumentError';
  }
}

/** Throws a save's 409 answer as StaleDocumentError; returns for any other failure. */
export function throwIfStale(e: unknown): void {
  if (e instanceof ApiError && e.code === 409 && e.details?.currentVersion !== undefined) throw new StaleDocumentError(e.details.currentVersion, e.message);
}
