import { Button, Callout, Card, Classes, H2, InputGroup, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { PersonIcon, SearchIcon } from '@blueprintjs/icons';
import { roleFromEnum, roleLabel } from '@meridian/schema';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useFreshQuery } from '../../../apollo/useFreshQuery.js';
import { useRuntimeConfig } from '../../../config/runtime.js';
import { graphql } from '../../../gql/index.js';
import { userProfilePath } from '../../../routes/paths.js';
import { messageOfError } from '../../../components/mutation-outcome.js';
import { useDebouncedValue } from '../../../components/debounce.js';

const UserFinderDocument = graphql(`
  query OrganizationsUserFinder($search: String!, $limit: Int!) {
    users(search: $search, limit: $limit, sort: { field: NAME }) {
      rows {
        email
        name
        role
        active
        organizationId
      }
      pageInfo {
        total
      }
    }
  }
`);

/** Searches shorter than this would match half the platform. */
export const USER_FINDER_MIN_LENGTH = 2;
export const USER_FINDER_LIMIT = 10;
/** "Show all" lists at most this many; past it the search must narrow (a finder, not a directory). */
export const USER_FINDER_ALL_LIMIT = 200;

/**
 * Operators find a user across all organizations by email or name (the users query without an
 * organization, system roles only) and go straight to their profile.
 */
export function UserFinder() {
  const id = useId();
  const config = useRuntimeConfig();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  // "Show all" holds for the search it was asked for; a new search starts with the first ten again.
  const [showAllFor, setShowAllFor] = useState<string | null>(null);
  const limit = showAllFor === search ? USER_FINDER_ALL_LIMIT : USER_FINDER_LIMIT;
  const skip = search.length < USER_FINDER_MIN_LENGTH;
  const { data, previousData, loading, error } = useFreshQuery(UserFinderDocument, {
    variables: { search, limit },
    skip,
  });
  // While "Show all" loads, the first ten stay (same search) rather than flashing skeletons.
  const shown = data ?? (showAllFor === search ? previousData : undefined);
  const rows = skip ? [] : (shown?.users.rows ?? []);
  const total = shown?.users.pageInfo.total ?? 0;
  return (
    <Card className="meridian-user-finder" compact>
      <H2 className="meridian-section-heading" id={`${id}-heading`}>
        Find a user
      </H2>
      <label className={Classes.LABEL} htmlFor={id}>
        Email or name, in any organization
        <InputGroup
          id={id}
          type="search"
          leftIcon={<SearchIcon />}
          placeholder="e.g. jane@acme.org or Jane"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
      </label>
      {error !== undefined && !skip && (
        <Callout intent={Intent.DANGER} compact>
          {messageOfError(error)}
        </Callout>
      )}
      {!skip && loading && rows.length === 0 && (
        <ul className="meridian-user-finder-results" aria-busy="true">
          {[0, 1, 2].map((index) => (
            <li key={index} className={Classes.SKELETON}>
              Loading users
            </li>
          ))}
        </ul>
      )}
      {!skip && !loading && error === undefined && rows.length === 0 && (
        <NonIdealState
          icon={<PersonIcon />}
          title="No user matches"
          description={`Nobody’s email or name contains “${search}”.`}
        />
      )}
      {rows.length > 0 && (
        <ul className="meridian-user-finder-results" aria-labelledby={`${id}-heading`}>
          {rows.map((user) => (
            <li key={user.email}>
              <Link to={userProfilePath(user.organizationId, user.email)}>
                <strong>{user.name}</strong> <span className={Classes.TEXT_MUTED}>{user.email}</span>
              </Link>{' '}
              <Tag minimal>{user.organizationId}</Tag>{' '}
              <Tag minimal>{roleLabel(roleFromEnum(user.role) ?? 'orgUser', config.productName)}</Tag>
              {!user.active && (
                <Tag minimal intent={Intent.WARNING}>
                  Inactive
                </Tag>
              )}
            </li>
          ))}
          {total > rows.length && (
            <li className={Classes.TEXT_MUTED}>
              {limit < USER_FINDER_ALL_LIMIT ? (
                <Button
                  variant="minimal"
                  small
                  intent={Intent.PRIMARY}
                  loading={loading}
                  onClick={() => setShowAllFor(search)}
                >
                  {total <= USER_FINDER_ALL_LIMIT
                    ? `Show all ${total} matches`
                    : `Show the first ${USER_FINDER_ALL_LIMIT} of ${total} matches`}
                </Button>
              ) : (
                `Showing the first ${rows.length} of ${total} matches; type more of the email or name to narrow the search.`
              )}
            </li>
          )}
        </ul>
      )}
    </Card>
  );
}
