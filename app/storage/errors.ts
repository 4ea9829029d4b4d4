import { STORAGE_ERRORS, type StorageErrorCode } from "./constants";

/** A refused storage operation, with a code the API and the admin page map to a clear message. */
export class StorageError extends Error {
  readonly status: number;
  constructor(
    readonly code: StorageErrorCode,
    message: string = STORAGE_ERRORS[code].message,
  ) {
    super(message);
    this.name = "StorageError";
    this.status = STORAGE_ERRORS[code].status;
  }
}

export const isStorageError = (error: unknown): error is StorageError => error instanceof StorageError;
