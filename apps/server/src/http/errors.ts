// Typed application errors and the one handler that turns every error into `{message}` with a status (and, for a
// refusal the web tells apart, its `code` and `field`).
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES, REFUSAL_CODES, type TRefusalCode } from '@crm/shared';
import { describeRefusedValue } from './refused-values.ts';
import { databaseFailureReply } from './database-errors.ts';
import { classifyDatabaseError, isUniqueViolation } from '../db/pg-errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Why the request failed, for its one log line (a database failure is logged there, without a stack). */
    failure: string | null;
  }
}

export type ErrorHandlerOptions = {
  /** A request could not reach the database: check it (and log the outage once). */
  onDatabaseUnavailable?: () => void;
  /** Whether the database is known to be away: a time-out then means the outage, not a busy server. */
  databaseDown?: () => boolean;
};

const STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type AppErrorCode = keyof typeof STATUS;

export class AppError extends Error {
  readonly statusCode: number;
  /**
   * @param replyCode sent beside the message, for a refusal the web tells apart.
   * @param databaseUnavailable the database going away caused it: noted like any outage (logged once).
   */
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly replyCode?: string,
    readonly databaseUnavailable = false,
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }

  /** The request's field a refusal belongs under (a taken name): sent beside the code, for the form to show it there. */
  field: string | undefined = undefined;
}

/** A refusal the web tells apart by its code (@crm/shared REFUSAL_CODES); the message stays the words shown. */
function refusal(status: AppErrorCode, message: string, code: TRefusalCode, field?: string): AppError {
  const error = new AppError(status, message, code);
  error.field = field;
  return error;
}

/** 409 DUPLICATE: a name, code or ID already taken, under the request's `field`. */
export const duplicate = (message: string, field: string) =>
  refusal('CONFLICT', message, REFUSAL_CODES.duplicate, field);
/** 409 STALE_VERSION: the edit names a version someone has saved over since; nothing was written. */
export const staleVersion = (message: string) => refusal('CONFLICT', message, REFUSAL_CODES.staleVersion);
/** 409 QUOTA_FULL: the lead or the call falls in a full quota. */
export const quotaFull = (message: string) => refusal('CONFLICT', message, REFUSAL_CODES.quotaFull);
/** 400 INVALID_VALUE: a value a rule of the server refused, under the request's `field` (e.g. `columns.2`). */
export const invalidValue = (message: string, field: string) =>
  refusal('BAD_REQUEST', message, REFUSAL_CODES.invalidValue, field);
/** 404 NO_CALL_LEFT: the QC queue has no call left to score. */
export const noCallLeft = (message: string) => refusal('NOT_FOUND', message, REFUSAL_CODES.noCallLeft);
/** 403 DO_NOT_CALL: the number is on a do-not-call list. */
export const doNotCall = (message: string) => refusal('FORBIDDEN', message, REFUSAL_CODES.doNotCall);

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const notFound = (message: string = MESSAGES.common.notFound) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const forbidden = (message: string = MESSAGES.auth.forbidden) => new AppError('FORBIDDEN', message);
export const unauthorized = (message: string = MESSAGES.auth.signInRequired) => new AppError('UNAUTHORIZED', message);

/** Runs `fn` and maps a PostgreSQL unique violation on `constraint` to `make()`. */
export function onUniqueViolation(constraint: string, make: () => AppError) {
  return (e: unknown): never => {
    if (isUniqueViolation(e, constraint)) throw make();
    throw e;
  };
}

function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? 'request';
    return error.validation
      .map((v) => {
        const field = [where, ...v.instancePath.split('/').filter(Boolean)].join('.');
        return `${field}: ${v.message}`;
      })
      .join('; ');
  }
  return error.message;
}

export function registerErrorHandler(app: FastifyInstance, options: ErrorHandlerOptions = {}): void {
  if (!app.hasRequestDecorator('failure')) app.decorateRequest('failure', null);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.databaseUnavailable) {
        options.onDatabaseUnavailable?.();
        request.failure = `database unavailable: ${error.cause instanceof Error ? error.cause.message : error.message}`;
      }
      return reply.status(error.statusCode).send({
        message: error.message,
        ...(error.replyCode === undefined ? {} : { code: error.replyCode }),
        ...(error.field === undefined ? {} : { field: error.field }),
      });
    }
    let failure = classifyDatabaseError(error);
    if (failure !== undefined) {
      if (failure === 'busy' && options.databaseDown?.()) failure = 'unavailable';
      if (failure === 'unavailable') options.onDatabaseUnavailable?.();
      request.failure = `database ${failure}: ${error.message}`;
      const { status, message } = databaseFailureReply(failure, request.method);
      return reply.status(status).send({ message });
    }
    if (error.validation) return reply.status(400).send({ message: describeValidation(error) });
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'reply did not match its schema');
      return reply.status(500).send({ message: MESSAGES.common.serverError });
    }
    // PostgreSQL refused a value of the request (a NUL character, a number beyond an integer column).
    const refused = describeRefusedValue(error, request);
    if (refused !== undefined) return reply.status(400).send({ message: refused });
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: MESSAGES.common.serverError });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): their messages are safe to show.
    return reply.status(status).send({ message: error.message });
  });
}
