import type { TargetOrganization } from '@meridian/schema';
import type { GatewayContext } from '../context.js';
import { PlatformCallCancelled, PlatformError } from '../platform/errors.js';
import { getUser } from '../modules/user/platform.js';
import type { FieldGuard } from './guard.js';

/** The organization of a user, or null when the caller may not see the user (another tenant, or none). */
async function organizationOfUser(context: GatewayContext, email: string): Promise<string | null> {
  try {
    // The caller's own token: the platform answers only users the caller may read, and another
    // tenant's user exactly like a missing one (404), so nothing is revealed either way.
    return (await getUser(context.platform, email)).organizationId;
  } catch (error) {
    if (
      error instanceof PlatformError &&
      !(error instanceof PlatformCallCancelled) &&
      (error.status === 403 || error.status === 404)
    )
      return null;
    throw error;
  }
}

/** The organization a nested field's parent belongs to (Organization.users → its id; User.x → its organization). */
function parentOrganization(typeName: string, source: unknown): string | null {
  const parent = (source ?? {}) as Record<string, unknown>;
  const value = typeName === 'Organization' ? parent.id : (parent.organizationId ?? parent.organization_id);
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The user record a field acts on, for `self` operations: its email argument, or for a field of a
 * User (User.mfa, User.sessions) that user's own email, so that everyone reads their own.
 */
export function targetEmailOf(guard: FieldGuard, source: unknown, args: Record<string, unknown>): string | undefined {
  if (typeof args.email === 'string') return args.email;
  if (guard.isRoot || guard.typeName !== 'User') return undefined;
  const email = (source as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : undefined;
}

/**
 * The organizations a field acts on, for OWN_ORG scope: its organizationId or id argument (root
 * organization fields) or its input's organizationId (createWebhook), the organization of the user its email argument names (null when that user
 * is not visible), its parent's organization for nested fields, and the caller's own organization for
 * root fields with no such argument (provider, providers). The decision (schema's decideAccess) reads them.
 */
export async function targetOrganizations(
  guard: FieldGuard,
  source: unknown,
  args: Record<string, unknown>,
  context: GatewayContext,
): Promise<TargetOrganization[]> {
  const { organizationId, id, email, inputOrganizationId } = guard.targetArguments;
  const targets: TargetOrganization[] = [];
  // ID arguments arrive as strings (graphql coerces them).
  if (organizationId && typeof args.organizationId === 'string') targets.push({ organizationId: args.organizationId });
  const input = args.input as { organizationId?: unknown } | undefined;
  if (inputOrganizationId && typeof input?.organizationId === 'string')
    targets.push({ organizationId: input.organizationId });
  if (id && typeof args.id === 'string') targets.push({ organizationId: args.id });
  if (email && typeof args.email === 'string')
    targets.push({ organizationId: await organizationOfUser(context, args.email), ofUser: true });
  if (targets.length > 0) return targets;
  if (!guard.isRoot) return [{ organizationId: parentOrganization(guard.typeName, source) }];
  if (!organizationId && !id && !email && !inputOrganizationId)
    return [{ organizationId: context.caller?.organizationId || null }];
  // A target argument exists but was not given: nothing to scope to, so refuse.
  return [{ organizationId: null }];
}
