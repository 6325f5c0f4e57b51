import { PrivateAddressRefused } from './address-guard.js';

/**
 * Why a request the platform made on a customer's word failed, told in as few kinds as an operator
 * needs and no more (issue 39): whether a port is closed, filtered or open but silent is exactly what
 * a port scan wants to learn, so every failure to connect or to be answered is one kind, `unreachable`.
 * The guard's own refusal, a name that does not resolve and a TLS certificate problem are told apart:
 * none of them says anything about a port.
 */
export type OutboundFailure =
  { kind: 'private'; address: string } | { kind: 'dns' } | { kind: 'tls'; words: string } | { kind: 'unreachable' };

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_NODATA']);

/** TLS certificate problems, in words; the certificate is public, so naming its fault tells nothing new. */
const TLS_WORDS: Readonly<Record<string, string>> = {
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate chain is self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate is not signed by a trusted authority',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its TLS certificate is not signed by a trusted authority',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate does not name its host',
};

/** What failed, from the error and its causes (fetch and undici wrap the socket's error). */
export function outboundFailureOf(error: unknown): OutboundFailure {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 8; cause = cause.cause, depth++) {
    if (cause instanceof PrivateAddressRefused) return { kind: 'private', address: cause.address };
    const code = (cause as NodeJS.ErrnoException).code;
    if (code && DNS_CODES.has(code)) return { kind: 'dns' };
    if (code && TLS_WORDS[code]) return { kind: 'tls', words: TLS_WORDS[code] };
  }
  return { kind: 'unreachable' };
}

/**
 * The failure as a sentence about `subject` ("The endpoint", "The metadata URL"), without its full stop:
 * the words of every kind, once, for every place that fetches on a customer's word.
 */
export function outboundFailureSentence(error: unknown, subject: string, timeoutMs: number): string {
  const failure = outboundFailureOf(error);
  switch (failure.kind) {
    case 'private':
      return `${subject} resolves to a private address (${failure.address}), which Meridian does not reach`;
    case 'dns':
      return `${subject}’s host name does not resolve`;
    case 'tls':
      return `${subject} could not be trusted: ${failure.words}`;
    case 'unreachable':
      return `${subject} could not be reached, or did not answer within ${timeoutMs / 1000} seconds`;
  }
}

/**
 * The failure as an aside, " (…)", for a sentence that already says the address could not be reached;
 * empty when there is nothing more to tell (every port's state reads the same).
 */
export function outboundFailureAside(error: unknown): string {
  const failure = outboundFailureOf(error);
  switch (failure.kind) {
    case 'private':
      return ` (its address ${failure.address} is private, and Meridian does not reach private addresses)`;
    case 'dns':
      return ' (its host name does not resolve)';
    case 'tls':
      return ` (${failure.words})`;
    case 'unreachable':
      return '';
  }
}
