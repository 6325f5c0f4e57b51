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
