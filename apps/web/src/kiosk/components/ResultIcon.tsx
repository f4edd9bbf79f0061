/** The big sign above a result (drawn, so it needs no emoji font on the kiosk). */
export function ResultIcon({ kind }: { kind: 'ok' | 'wait' | 'info' }) {
  const colour = kind === 'ok' ? 'var(--ok)' : kind === 'wait' ? '#d48806' : 'var(--theme)';
  return (
    <svg className="k-result__icon" width="1em" height="1em" viewBox="0 0 48 48" aria-hidden="true">
      <circle cx="24" cy="24" r="22" fill={colour} />
      {kind === 'ok' ? <path d="M13 25l7 7 15-16" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" /> : null}
      {kind === 'wait' ? <path d="M24 12v13l8 5" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" /> : null}
      {kind === 'info' ? (
        <>
          <circle cx="24" cy="14" r="3.5" fill="#fff" />
          <path d="M24 22v14" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
        </>
      ) : null}
    </svg>
  );
}
