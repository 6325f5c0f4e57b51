import { graphql } from './cluster.js';

/** What a steady load saw: every failure with its reason, and the writes the cluster acknowledged. */
export interface LoadResult {
  reads: number;
  failedReads: string[];
  writes: number;
  /** Ids of the organizations whose creation was acknowledged (200 with the organization). */
  acknowledged: string[];
  failedWrites: string[];
  /** Milliseconds of each request, in the order they finished. */
  latencies: number[];
}

const READ = 'query Read($id: ID!) { organization(id: $id) { id name } }';
const WRITE = `mutation Write($input: CreateOrganizationInput!) {
  createOrganization(input: $input) { organization { id } inputErrors { field message } }
}`;

function organizationInput(id: string) {
  return {
    id,
    name: `Load ${id}`,
    domain: [`${id}.test`],
    primaryContact: { name: 'Load Test', email: `contact@${id}.test` },
    customerSegment: 'provider-group',
    medicareLicensed: false,
  };
}

/**
 * A steady, bounded load through `url` (nginx): `readsPerSecond` reads of one organization and
 * `writesPerSecond` creations of new organizations named `<prefix>-<n>`, each sent once and never
 * retried, until stop(). A read fails when it is not a 200 with the organization; a write is
 * acknowledged only when the answer names the created organization.
 */
export function startLoad(options: {
  url: string;
  token: string;
  readId: string;
  prefix: string;
  readsPerSecond: number;
  writesPerSecond: number;
}) {
  const result: LoadResult = {
    reads: 0,
    failedReads: [],
    writes: 0,
    acknowledged: [],
    failedWrites: [],
    latencies: [],
  };
  const inFlight = new Set<Promise<void>>();
  let written = 0;
  const timed = async (work: () => Promise<void>) => {
    const started = performance.now();
    await work();
    result.latencies.push(performance.now() - started);
  };
  const read = () =>
    timed(async () => {
      result.reads += 1;
      try {
        const answer = await graphql(options.url, options.token, READ, { id: options.readId });
        const organization = answer.body.data?.organization as { id?: string } | undefined;
        if (answer.status !== 200 || organization?.id !== options.readId)
          result.failedReads.push(`${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      } catch (error) {
        result.failedReads.push(String(error));
      }
    });
  const write = () =>
    timed(async () => {
      result.writes += 1;
      const id = `${options.prefix}-${++written}`;
      try {
        const answer = await graphql(options.url, options.token, WRITE, { input: organizationInput(id) });
        const payload = answer.body.data?.createOrganization as { organization?: { id: string } | null } | undefined;
        if (answer.status === 200 && payload?.organization?.id === id) result.acknowledged.push(id);
        else result.failedWrites.push(`${id}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      } catch (error) {
        result.failedWrites.push(`${id}: ${String(error)}`);
      }
    });
  const every = (perSecond: number, send: () => Promise<void>) =>
    perSecond > 0
      ? setInterval(() => {
          const request = send().finally(() => inFlight.delete(request));
          inFlight.add(request);
        }, 1000 / perSecond)
      : undefined;
  const timers = [every(options.readsPerSecond, read), every(options.writesPerSecond, write)];
  return {
    result,
    /** How many requests are waiting for their answer now. */
    underWay: () => inFlight.size,
    /** Stops sending and waits for the requests under way. */
    async stop(): Promise<LoadResult> {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(inFlight);
      return result;
    },
  };
}

/** Ids of organizations whose id starts with `prefix-`, as the database has them (through the gateway). */
export async function organizationsNamed(url: string, token: string, prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const answer = await graphql(
      url,
      token,
      'query Find($search: String, $offset: Int) { organizations(search: $search, offset: $offset, limit: 100) { rows { id } } }',
      { search: `Load ${prefix}-`, offset },
    );
    const rows = (answer.body.data?.organizations as { rows: { id: string }[] } | undefined)?.rows;
    if (!rows) throw new Error(`Listing organizations failed: ${JSON.stringify(answer.body)}`);
    ids.push(...rows.map((row) => row.id).filter((id) => id.startsWith(`${prefix}-`)));
    if (rows.length < 100) return ids;
  }
}
