import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * Paths that could hold a token or a secret, wherever a log call puts them. The gateway logs no
 * headers or bodies in the first place; this is the guard for the day someone does.
 */
const REDACTED_PATHS = [
  'authorization',
  'token',
  'accessToken',
  'secret',
  'password',
  '*.authorization',
  '*.token',
  '*.accessToken',
  '*.secret',
  '*.password',
  'headers.authorization',
  'req.headers.authorization',
  'request.headers.authorization',
  'variables.password',
  'variables.currentPassword',
  'variables.newPassword',
  'variables.token',
];

/** Structured JSON logs (one object a line), tokens and passwords redacted. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'gateway' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    destination,
  );
}
