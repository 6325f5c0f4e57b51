import type { PlatformConfig } from '../config.js';
import { loggableError } from '../observability/error-log.js';
import { traceLogFields } from '../observability/trace-context.js';

/**
 * Fastify's logger, the REST API's and the provider's alike: at the configured level (tests give their
 * own level and stream), with the authorization header redacted, the request's trace on each line
 * (nothing when tracing is off), and every logged error through the one serializer that never writes
 * SQL, parameters or a driver's detail.
 */
export function loggerOptions(config: Pick<PlatformConfig, 'logLevel'>, logger?: boolean | object): false | object {
  if (logger === false) return false;
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization'],
    mixin: traceLogFields,
    ...(typeof logger === 'object' ? logger : {}),
    serializers: { err: loggableError },
  };
}
