import { encode } from "uqr";

// A QR code drawn as one SVG path from uqr's module matrix (a small, dependency-free encoder): no
// image request, no inner HTML, nothing a content-security policy has to allow.

export function QrCode({ value, label }: { value: string; label: string }) {
  const { data, size } = encode(value, { ecc: "M", border: 2 });
  const path = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ""))).join("");
  return (
    <svg className="qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <path d={path} fill="#000000" />
    </svg>
  );
}
