import { STORAGE_ERRORS, type StorageErrorCode } from "./constants";

/**
 * A refused storage operation, with a code the API and the admin page map to a clear message.
 *
 * The storage the routes use is made by the server (app/services.server.ts), whose copy of this
 * module is not the route modules' copy (the server bundle and React Router's build, or the server
 * and Vite in development): `instanceof` recognises a StorageError by its name and code, not by
 * which copy of the class made it.
 */
export class StorageError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Error && value.name === "StorageError" && typeof (value as { code?: unknown }).code === "string";
  }

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
