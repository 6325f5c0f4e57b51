// Workspace packages resolve to their TypeScript sources in tests (the "source" export condition),
// so tests never run against a stale build.
export const sourceConditions = { resolve: { conditions: ['source'] }, ssr: { resolve: { conditions: ['source'] } } };
