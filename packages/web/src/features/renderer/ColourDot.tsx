/** A bullseye option's colour next to its label (the bullseye dropdown of spec 001 §2.1). */
export function ColourDot({ color, label }: { color: string | undefined; label: string }) {
  return (
    <span className="dcap-renderer-colour-option">
      <span className="dcap-renderer-colour-dot" style={{ background: color ?? 'transparent' }} />
      {label}
    </span>
  );
}
