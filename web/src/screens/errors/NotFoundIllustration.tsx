/** The 404 page's image: a folded map with a dashed route ending at an empty spot. Inline, so it needs no request. */
export function NotFoundIllustration() {
  return (
    <svg
      className="meridian-not-found-image"
      role="img"
      aria-labelledby="meridian-not-found-image-title"
      viewBox="0 0 240 160"
      width="240"
      height="160"
    >
      <title id="meridian-not-found-image-title">A map whose route leads to an empty spot</title>
      <path d="M20 30 L80 14 L150 34 L220 18 L220 130 L150 146 L80 126 L20 142 Z" fill="currentColor" opacity="0.08" />
      <path
        d="M80 14 L80 126 M150 34 L150 146"
        stroke="currentColor"
        strokeOpacity="0.25"
        strokeWidth="2"
        fill="none"
      />
      <path
        d="M40 118 C70 100 60 70 100 70 S150 96 176 64"
        stroke="var(--meridian-brand)"
        strokeWidth="4"
        strokeDasharray="8 8"
        strokeLinecap="round"
        fill="none"
      />
      <circle cx="40" cy="118" r="7" fill="var(--meridian-brand)" />
      <circle
        cx="186"
        cy="54"
        r="16"
        fill="none"
        stroke="currentColor"
        strokeOpacity="0.45"
        strokeWidth="3"
        strokeDasharray="5 5"
      />
      <text x="186" y="60" textAnchor="middle" fontSize="16" fontWeight="700" fill="currentColor" opacity="0.6">
        ?
      </text>
    </svg>
  );
}
