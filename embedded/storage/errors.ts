// Storage's error shape and statuses. Upstream (supabase/storage,
// src/internal/errors/codes.ts + src/http/error-handler.ts) renders
// { statusCode: "<semantic code>", code, error, message } and answers HTTP 400
// for every error below 500 (the semantic code lives only in the body), 500
// for server faults; a few role checks force 403. supabase-js surfaces the
// body's statusCode as `error.statusCode` and the HTTP status as `error.status`.
import type { Context } from 'hono';
import { isPgError } from '../db/adapter.ts';

export class StorageError extends Error {
  constructor(
    /** Storage's semantic status, rendered as a string in the body. */
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Legacy `error` field; defaults to the code, as upstream does. */
    readonly error: string = code,
    /** HTTP status override (upstream's withStatusCode). */
    readonly httpStatus?: number,
  ) {
    super(message);
  }

  get status(): number {
    return this.httpStatus ?? (this.statusCode >= 500 ? 500 : 400);
  }

  body() {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
  }
}

export const ERR = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message || 'Invalid JWT'),
  invalidSignature: (message = 'Invalid signature') => new StorageError(400, 'InvalidSignature', message),
  expiredSignature: () => new StorageError(400, 'ExpiredToken', 'The provided token has expired.'),
  accessDenied: (message = 'Access denied', httpStatus?: number) =>
    new StorageError(403, 'AccessDenied', message, 'Unauthorized', httpStatus),
  resourceAlreadyExists: () => new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  keyAlreadyExists: () => new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketAlreadyExists: () => new StorageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () => new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  entityTooLarge: () => new StorageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  invalidMimeType: (mime: string) => new StorageError(415, 'InvalidMimeType', `mime type ${mime} is not supported`, 'invalid_mime_type'),
  noContent: (message = 'No content provided') => new StorageError(400, 'InvalidRequest', message),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  invalidFileSizeLimit: () =>
    new StorageError(400, 'InvalidRequest', 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  /** Fastify's schema-validation failure, as Storage's error handler renders it. */
  validation: (message: string) => new StorageError(400, 'InvalidRequest', message, 'FastifyError'),
  invalidJsonBody: () =>
    new StorageError(400, 'InvalidRequest', "Body is not valid JSON but content-type is set to 'application/json'", 'FastifyError'),
  routeNotFound: (method: string, path: string) =>
    new StorageError(404, 'InvalidRequest', `Route ${method}:${path} not found`, 'Not Found', 404),
  internal: (message = 'Internal server error') => new StorageError(500, 'InternalError', message),
};

/** Maps a Postgres error the way Storage's DBError.fromDBError does. */
export function fromDbError(e: unknown): StorageError {
  if (e instanceof StorageError) return e;
  if (!isPgError(e)) return ERR.internal();
  switch (e.code) {
    case '42501':
      return ERR.accessDenied(e.message.includes('row-level security') ? 'new row violates row-level security policy' : e.message);
    case '23505':
      return ERR.resourceAlreadyExists();
    case '23503':
      return e.detail?.includes('is still referenced from table')
        ? new StorageError(409, 'ResourceReferenced', 'The resource could not be updated or removed due to a foreign key constraint')
        : new StorageError(404, 'InvalidRequest', 'The related resource does not exist');
    case '22P02':
      return new StorageError(400, 'InvalidParameter', e.message || 'Invalid value format or type conversion failed');
    default:
      return new StorageError(500, 'DatabaseError', `database error, code: ${e.code}`);
  }
}

export function sendError(c: Context, e: unknown, log?: (line: string) => void): Response {
  const err = e instanceof StorageError ? e : fromDbError(e);
  if (!(e instanceof StorageError) && !isPgError(e) && log) log(`storage: unexpected error: ${(e as Error)?.stack ?? e}`);
  if (err.statusCode >= 500 && isPgError(e) && log) log(`storage: database error ${e.code}: ${e.message}`);
  return c.json(err.body(), err.status as 400);
}
