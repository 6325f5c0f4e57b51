/** What the palette matches typed text against: a target's words and the words people look for it by. */
export interface Matchable {
  label: string;
  /** Lower case; "sso", "single sign-on", "scim"… */
  keywords?: readonly string[] | undefined;
}

/** How well typed text names a target: higher first; 0 is no match. */
export const MATCH = {
  /** The whole label, or a whole keyword ("sso" for Sign-in). */
  exact: 100,
  labelStart: 80,
  /** A keyword, or a word of the label, begins with it ("web" for Webhooks, "sing" for "single sign-on"). */
  wordStart: 60,
  contains: 40,
  /** The letters in order, gaps allowed ("whk" for Webhooks): three letters at least. */
  fuzzy: 20,
  none: 0,
} as const;

const FUZZY_MIN_LENGTH = 3;

/** A text's words, whole ("sign-on") and by their hyphenated parts ("sign", "on"). */
const wordsOf = (text: string) => {
  const whole = text.split(/[\s/·,()]+/).filter((word) => word !== '');
  return [...whole, ...whole.flatMap((word) => word.split(/[-–—]+/).filter((part) => part !== ''))];
};

function isSubsequence(needle: string, text: string): boolean {
  let at = 0;
  for (const char of text) if (char === needle[at]) at += 1;
  return at === needle.length;
}

/**
 * The score of `text` for `target`, case-insensitive. Exact keyword hits rank with an exact label
 * (issue 39: "sso" found "Associates" by its letters, not the Sign-in tab named by the word), then
 * beginnings, then text anywhere, and last a fuzzy match of the label's letters.
 */
export function matchScore(text: string, target: Matchable): number {
  const needle = text.trim().toLowerCase();
  if (needle === '') return MATCH.none;
  const label = target.label.toLowerCase();
  const keywords = target.keywords ?? [];
  if (label === needle || keywords.includes(needle)) return MATCH.exact;
  if (label.startsWith(needle)) return MATCH.labelStart;
  const words = [...wordsOf(label), ...keywords, ...keywords.flatMap(wordsOf)];
  if (words.some((word) => word.startsWith(needle))) return MATCH.wordStart;
  if (label.includes(needle) || keywords.some((keyword) => keyword.includes(needle))) return MATCH.contains;
  if (needle.length >= FUZZY_MIN_LENGTH && isSubsequence(needle, label)) return MATCH.fuzzy;
  return MATCH.none;
}

/** The targets `text` matches, best first; equally good ones keep their order. */
export function rankByMatch<T extends Matchable>(text: string, targets: readonly T[]): T[] {
  return targets
    .map((target, index) => ({ target, index, score: matchScore(text, target) }))
    .filter((entry) => entry.score > MATCH.none)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.target);
}
