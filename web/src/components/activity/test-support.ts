/** An audit event as the gateway answers it (the contract's field names and enum values). */
export function auditEventRecord(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'AuditEvent',
    id: '1',
    occurredAt: '2026-03-02T10:15:00.000Z',
    actor: 'admin@meridian.test',
    actorName: 'A. Operator',
    actorKind: 'USER',
    actorRole: 'SYSTEM_ADMIN',
    actorOrganizationId: 'meridian',
    action: 'user.deactivate',
    organizationId: 'acme',
    targetType: 'USER',
    targetId: 'j.doe@acme.test',
    changes: [{ __typename: 'AuditChange', field: 'active', before: 'true', after: 'false' }],
    details: [],
    requestId: 'req-123',
    clientIp: '10.0.0.7',
    traceId: null,
    ...overrides,
  };
}

/** An auditEvents answer: the events of one page and whether another follows. */
export function eventsAnswer(nodes: readonly Record<string, unknown>[], endCursor: string | null = null) {
  return {
    auditEvents: {
      __typename: 'AuditEventConnection',
      nodes,
      pageInfo: { __typename: 'CursorPageInfo', endCursor, hasNextPage: endCursor !== null },
    },
  };
}
