export interface CredentialLabelProps {
  /** The credential's id and, when it was given one, its name. */
  credential: { id: string; name?: string | null };
}

/**
 * A credential as people tell it apart (users' and organizations' lists, confirmations): its name, cut
 * to fit with the name and id whole on hover, else its whole id (credentials made before names).
 */
export function CredentialLabel({ credential }: CredentialLabelProps) {
  return credential.name ? (
    <span className="meridian-cell-truncate" title={`${credential.name} (${credential.id})`}>
      {credential.name}
    </span>
  ) : (
    <code className="meridian-cell-truncate" title={credential.id}>
      {credential.id}
    </code>
  );
}
