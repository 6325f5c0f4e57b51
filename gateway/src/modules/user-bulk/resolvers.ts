import { BULK_OUTCOMES } from '@meridian/schema';
import type { Resolvers, UserSelectionInput } from '../../generated/resolvers-types.js';
import { enumValues } from '../common/enum-values.js';
import { withFieldErrors } from '../common/input-errors.js';
import { setUsersActive, type RestSetUsersActive } from './platform.js';

/** The selection in REST form; which of the two was given is checked by the platform, named by field. */
function toRestSelection(selection: UserSelectionInput): Omit<RestSetUsersActive, 'active'> {
  return {
    ...(selection.emails != null ? { emails: selection.emails } : {}),
    ...(selection.allMatching != null
      ? { allMatching: selection.allMatching.search ? { search: selection.allMatching.search } : {} }
      : {}),
  };
}

const NO_ROWS = { changed: 0, unchanged: 0, refused: 0, results: [] };

export const userBulkResolvers: Resolvers = {
  BulkUserOutcome: enumValues(BULK_OUTCOMES),

  Mutation: {
    // Every changed user is forgotten by every gateway replica's cache, as after setUserActive.
    setUsersActive: async (_, { organizationId, selection, active }, { platform, userChanged }) => {
      const answer = await withFieldErrors({ prefix: 'selection' }, async () => {
        const result = await setUsersActive(platform, organizationId, { ...toRestSelection(selection), active });
        for (const row of result.results) if (row.outcome === 'changed') userChanged(row.email);
        return result;
      });
      return { ...NO_ROWS, ...answer };
    },
  },
};
