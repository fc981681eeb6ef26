import type { ReactNode } from 'react';

/** Spec 001 §3.3: in a unit, a caret followed by digits renders as a superscript (10^9/L). */
export function annotationParts(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(/\^(-?\d+)/g)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(<sup key={match.index}>{match[1]}</sup>);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function Annotation({ text }: { text: string | undefined }) {
  if (!text) return null;
  return <span className="dcap-renderer-annotation">{annotationParts(text)}</span>;
}
