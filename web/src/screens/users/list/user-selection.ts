/**
 * Which users of the list are selected for a bulk action: some emails (picked on any page), or every
 * user matching the list's search ("all N matching", resolved by the platform). One value for the
 * whole list, never state per row, so 10,000 selected users cost one Set.
 */
export type UserSelection =
  { kind: 'emails'; emails: ReadonlySet<string> } | { kind: 'allMatching'; search: string; total: number };

export const NO_SELECTION: UserSelection = { kind: 'emails', emails: new Set() };

export function selectedCount(selection: UserSelection): number {
  return selection.kind === 'allMatching' ? selection.total : selection.emails.size;
}

export function isSelected(selection: UserSelection, email: string): boolean {
  return selection.kind === 'allMatching' || selection.emails.has(email);
}

/**
 * `emails` selected or not. Unticking a row of "all matching" leaves the page's other rows selected
 * (the platform cannot be told "all but one" yet, and the count must stay true).
 */
export function withRows(
  selection: UserSelection,
  emails: readonly string[],
  selected: boolean,
  pageEmails: readonly string[],
): UserSelection {
  const next = new Set(selection.kind === 'allMatching' ? pageEmails : selection.emails);
  for (const email of emails) {
    if (selected) next.add(email);
    else next.delete(email);
  }
  return { kind: 'emails', emails: next };
}

/** The selection as setUsersActive's UserSelectionInput. */
export function selectionInput(selection: UserSelection) {
  return selection.kind === 'allMatching'
    ? { allMatching: { search: selection.search || null } }
    : { emails: [...selection.emails] };
}
