import { AnchorButton, Card, H2, Intent } from '@blueprintjs/core';
import { LifesaverIcon } from '@blueprintjs/icons';

export interface SuccessPortalCardProps {
  /** The Support Portal's address (config.json's supportPortalUrl, or the default). */
  href: string;
}

/** The Success Portal card of the home page (spec section 1). */
export function SuccessPortalCard({ href }: SuccessPortalCardProps) {
  return (
    <Card className="meridian-home-card" elevation={1}>
      <LifesaverIcon size={32} className="meridian-home-card-icon" aria-hidden />
      <H2>Success Portal</H2>
      <p>
        Data dictionaries, product overviews, training, support articles and release notes, and a place to submit your
        questions.
      </p>
      <AnchorButton
        intent={Intent.PRIMARY}
        variant="outlined"
        size="large"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
      >
        Get Support
      </AnchorButton>
    </Card>
  );
}
