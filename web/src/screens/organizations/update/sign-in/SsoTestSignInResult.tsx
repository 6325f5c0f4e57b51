import { Button, Callout, Classes, H3, HTMLTable, Intent, Spinner } from '@blueprintjs/core';
import { roleFromEnum, roleLabel, SSO_TEST_PARAM } from '@meridian/schema';
import { useSearchParams } from 'react-router-dom';
import { messageOfError } from '../../../../components/mutation-outcome.js';
import { useRuntimeConfig } from '../../../../config/runtime.js';
import type { SsoTestSecondFactor, SsoTestSignInQuery } from '../../../../gql/graphql.js';
import './sso-test.css';
import { useSsoTestSignInResult } from './useSsoTestSignInResult.js';

type Result = NonNullable<SsoTestSignInQuery['organizationSsoTestSignIn']>;
type Preview = NonNullable<Result['preview']>;

export interface SsoTestSignInResultProps {
  organizationId: string;
}

/** Who would ask for the second factor, in words. */
const SECOND_FACTOR_WORDS: Readonly<Record<SsoTestSecondFactor, string>> = {
  PROVIDER: 'The identity provider’s counts: Meridian asks for none of its own.',
  MERIDIAN: 'Meridian asks for its own (set up first, when the person has none).',
  NONE: 'None is asked.',
};

/** What Meridian would do with the identity, in one sentence. */
function outcomeWords(preview: Preview, productName: string): string {
  const role = roleLabel(roleFromEnum(preview.role) ?? 'orgUser', productName);
  const who = preview.name ? `${preview.name} (${preview.email})` : preview.email;
  if (preview.outcome === 'SIGN_IN') return `Sign in the existing person ${who}, ${role}.`;
  if (preview.outcome === 'CREATE') return `Create ${who} as ${role}, then sign them in.`;
  return `Refuse the sign-in: ${preview.refusal ?? ''}`;
}

/** The verified answer: what Meridian would do, then every value the provider returned. */
function VerifiedAnswer({ result, productName }: { result: Result; productName: string }) {
  const preview = result.preview;
  return (
    <>
      {preview && (
        <Callout
          intent={preview.outcome === 'REFUSE' ? Intent.WARNING : Intent.SUCCESS}
          title={preview.outcome === 'REFUSE' ? 'Meridian would refuse this sign-in' : 'The connection works'}
        >
          <dl className="meridian-sso-test-preview">
            <dt>Email</dt>
            <dd>{preview.email}</dd>
            <dt>What Meridian would do</dt>
            <dd>{outcomeWords(preview, productName)}</dd>
            <dt>Second factor</dt>
            <dd>
              {preview.providerSaidMfa
                ? 'The identity provider says one was used. '
                : 'The identity provider does not say one was used. '}
              {preview.secondFactor ? SECOND_FACTOR_WORDS[preview.secondFactor] : ''}
            </dd>
          </dl>
        </Callout>
      )}
      <HTMLTable className="meridian-sso-test-values" compact striped aria-label="What the identity provider returned">
        <thead>
          <tr>
            <th scope="col">{result.protocol === 'OIDC' ? 'Claim' : 'Attribute'}</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {result.returned.map(({ name, value }) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </>
  );
}

/**
 * A test sign-in's result (issue 39), when the page comes back from the identity provider with
 * `?ssoTest=<state>`: what the provider returned (claims or attributes) and what Meridian would do with
 * them (which email, which role, whether the person exists, the second factor). Nobody was signed in.
 */
export function SsoTestSignInResult({ organizationId }: SsoTestSignInResultProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = searchParams.get(SSO_TEST_PARAM);
  const { result, loading, error } = useSsoTestSignInResult(organizationId, state);
  const { productName } = useRuntimeConfig();
  if (state === null) return null;
  const dismiss = () =>
    setSearchParams(
      (params) => {
        params.delete(SSO_TEST_PARAM);
        return params;
      },
      { replace: true },
    );
  return (
    <section className="meridian-form" aria-label="Test sign-in result">
      <H3>Test sign-in</H3>
      <p className={Classes.TEXT_MUTED}>Nobody was signed in or created by this test.</p>
      {loading && <Spinner size={20} aria-label="Reading the test sign-in" />}
      {error && (
        <Callout intent={Intent.DANGER} role="alert">
          {messageOfError(error)}
        </Callout>
      )}
      {!loading && !error && !result && (
        <Callout intent={Intent.WARNING}>
          This test sign-in’s result is no longer available: results are kept for 10 minutes, for the operator who
          started the test. Start a new test.
        </Callout>
      )}
      {result && !result.answered && (
        <Callout intent={Intent.PRIMARY}>The identity provider has not answered this test yet.</Callout>
      )}
      {result?.answered && result.verified === false && (
        <Callout intent={Intent.DANGER} role="alert" title="The identity provider’s answer was not accepted">
          {result.message}
        </Callout>
      )}
      {result?.answered && result.verified && <VerifiedAnswer result={result} productName={productName} />}
      <div>
        <Button variant="minimal" onClick={dismiss}>
          Dismiss
        </Button>
      </div>
    </section>
  );
}
