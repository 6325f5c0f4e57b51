import { GraphQLError } from 'graphql';
import { isSystemRole } from '@meridian/schema';
import { forbidden } from '../../directives/refusals.js';
import type { Caller } from '../../context.js';
import type { AuditEventFilter, Resolvers } from '../../generated/resolvers-types.js';
import { callerOf } from '../common/caller.js';
import { restTargetType, toConnection } from './events.js';
import { listAuditEvents, type RestAuditQuery } from './platform.js';

/** The platform's page sizes: the console asks for 50; an export pages through with up to 1,000. */
export const AUDIT_PAGE_MAX = 1000;
const AUDIT_PAGE_DEFAULT = 50;

export const FIRST_RANGE_MESSAGE = `first must be between 1 and ${AUDIT_PAGE_MAX}.`;

/**
 * The organization whose events the caller reads. The directive has admitted admin:read holders in
 * their own organization; the organization asked for sits inside the filter, so tenant scope is applied
 * here: system roles read as asked (all when none), an Org Admin only their own, asked for or not.
 */
function scopedOrganization(caller: Caller, asked: string | null | undefined): string | undefined {
  if (isSystemRole(caller.role)) return asked ?? undefined;
  // Another tenant's organization and a missing one are refused alike.
  if (asked != null && asked !== caller.organizationId) throw forbidden();
  return caller.organizationId;
}

function restQuery(filter: AuditEventFilter | null | undefined): RestAuditQuery {
  return {
    actor: filter?.actor ?? undefined,
    targetType: filter?.targetType ? restTargetType(filter.targetType) : undefined,
    targetId: filter?.targetId ?? undefined,
    action: filter?.action ?? undefined,
    from: filter?.from ?? undefined,
    to: filter?.to ?? undefined,
  };
}

export const auditResolvers: Resolvers = {
  Query: {
    auditEvents: async (_, { filter, after, first }, context) => {
      const organizationId = scopedOrganization(callerOf(context), filter?.organizationId);
      const size = first ?? AUDIT_PAGE_DEFAULT;
      if (size < 1 || size > AUDIT_PAGE_MAX) {
        throw new GraphQLError(FIRST_RANGE_MESSAGE, {
          extensions: { code: 'BAD_USER_INPUT', inputErrors: [{ field: 'first', message: FIRST_RANGE_MESSAGE }] },
        });
      }
      const page = await listAuditEvents(context.platform, {
        ...restQuery(filter),
        organizationId,
        after: after ?? undefined,
        first: size,
      });
      return toConnection(page);
    },
  },
};
