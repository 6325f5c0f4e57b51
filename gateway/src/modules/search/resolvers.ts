import { GraphQLError } from 'graphql';
import { searchLimitProblem, searchTextProblem } from '@meridian/schema';
import type { Resolvers } from '../../generated/resolvers-types.js';
import { callerOf } from '../common/caller.js';
import { searchOrganizations, searchUsers } from './platform.js';

/** A refused argument, named as the audit list's `first` is: the message says the field and the rule. */
function badArgument(field: string, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', inputErrors: [{ field, message }] } });
}

export const searchResolvers: Resolvers = {
  Query: {
    // The directive has admitted readers of organizations or users; each list applies the caller's scope.
    search: (_, { text, limit }) => {
      const size = limit ?? 5;
      const textProblem = searchTextProblem(text);
      if (textProblem) throw badArgument('text', textProblem);
      const limitProblem = searchLimitProblem(size);
      if (limitProblem) throw badArgument('limit', limitProblem);
      return { text: text.trim(), limit: size };
    },
  },

  SearchResults: {
    organizations: (query, _, context) => searchOrganizations(context.platform, callerOf(context), query),
    users: (query, _, context) => searchUsers(context.platform, callerOf(context), query),
  },
};
