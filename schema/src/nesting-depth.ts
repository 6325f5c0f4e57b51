// How deep what a client sends may nest: JSON bodies, for every server that reads one (the platform's
// REST API and SCIM, the provider's pages, the gateway's GraphQL bodies and variables), and SCIM
// filters. JSON.parse reads 20,000 levels at ease, but everything that walks the value afterwards
// (schema validation, the control-character check, GraphQL's variable coercion) recurses, and at that
// depth runs out of stack: a 500. Deep text is refused before it is parsed, naming the limit.

/** The deepest nesting of objects and arrays a request's JSON may have; no body of ours needs 8. */
export const MAX_JSON_DEPTH = 32;

/** The refusal, naming the rule. */
export const JSON_TOO_DEEP_MESSAGE = `The JSON sent is nested deeper than ${MAX_JSON_DEPTH} levels.`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Where the string opened at `at` (its quote) ends: the index of its closing quote, or -1. */
function endOfString(text: string, at: number): number {
  let quote = text.indexOf('"', at + 1);
  while (quote !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
    // An even run of backslashes escapes itself, not the quote.
    if (backslashes % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
  return -1;
}

/**
 * Whether `text` nests the brackets `opening` / `closing` (two characters each, paired by position)
 * deeper than `limit`, read before it is parsed: one pass that stops at the first level past the limit,
 * strings in double quotes (JSON's, and SCIM filters' values) skipped whole, so a bracket inside one is
 * text. Malformed text is not judged here: its parser refuses it in its own words.
 */
export function nestsDeeperThan(text: string, limit: number, opening: string, closing: string): boolean {
  const [open1, open2] = [opening.charCodeAt(0), opening.charCodeAt(1)];
  const [close1, close2] = [closing.charCodeAt(0), closing.charCodeAt(1)];
  let depth = 0;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      const end = endOfString(text, at);
      if (end === -1) return false;
      at = end;
    } else if (code === open1 || code === open2) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === close1 || code === close2) {
      depth -= 1;
    }
  }
  return false;
}

/** Whether JSON text nests objects and arrays deeper than `limit` (MAX_JSON_DEPTH). */
export function jsonNestsDeeperThan(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  return nestsDeeperThan(text, limit, '{[', '}]');
}
