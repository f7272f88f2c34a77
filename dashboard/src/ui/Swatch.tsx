// A colour dot. Drawn as SVG with a fill attribute: the Content-Security-Policy forbids inline
// style attributes, and a user's colour cannot be a class in the stylesheet.

export function Swatch({ color }: { color: string }) {
  return (
    <svg className="swatch" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      <circle cx="6" cy="6" r="6" fill={color} />
    </svg>
  );
}
