import { useMemo } from 'react';
import { useFreshQuery } from '../../../apollo/useFreshQuery.js';
import { graphql } from '../../../gql/index.js';

const CustomerSegmentsDocument = graphql(`
  query OrganizationCustomerSegments {
    customerSegments {
      id
      name
      description
      active
    }
  }
`);

export interface CustomerSegmentOption {
  id: string;
  name: string;
  description: string;
  active: boolean;
}

/**
 * The customer-segments catalog (never stale until the catalog version changes): every segment, so
 * an organization's retired segment still has its name; forms offer the active ones.
 */
export function useCustomerSegments(): {
  segments: CustomerSegmentOption[];
  nameOf: (id: string) => string;
  loading: boolean;
  error: unknown;
} {
  const { data, loading, error } = useFreshQuery(CustomerSegmentsDocument);
  const segments = useMemo(() => data?.customerSegments ?? [], [data]);
  const nameOf = useMemo(() => {
    const names = new Map(segments.map((segment) => [segment.id, segment.name]));
    return (id: string) => names.get(id) ?? id;
  }, [segments]);
  return { segments, nameOf, loading, error };
}
