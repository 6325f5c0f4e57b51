import { Card, Classes, H2 } from '@blueprintjs/core';

const SECTIONS = 4;

/** Placeholders in the page's shape while the summary loads. */
export function AnalyticsSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the figures">
      <div className="meridian-analytics-totals">
        {Array.from({ length: 6 }, (_, index) => (
          <Card key={index} className={`meridian-analytics-total ${Classes.SKELETON}`}>
            Total
          </Card>
        ))}
      </div>
      <div className="meridian-analytics-grid">
        {Array.from({ length: SECTIONS }, (_, index) => (
          <Card key={index} className="meridian-analytics-section">
            <H2 className={Classes.SKELETON}>Section title</H2>
            <div className={`meridian-analytics-skeleton-chart ${Classes.SKELETON}`} />
          </Card>
        ))}
      </div>
    </div>
  );
}
