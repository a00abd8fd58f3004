// The QR code of an otpauth:// link, drawn here as SVG from the `qrcode` library's module matrix: nothing is fetched,
// and no markup is injected.
import { useMemo } from 'react';
import { create } from 'qrcode';

/** Four modules of white around the code, as the QR standard asks, so phone cameras find its edges. */
const QUIET_ZONE = 4;

/** One SVG path of every dark module: "M x y h1 v1 h-1 z" per module. */
export function qrPath(text: string): { path: string; size: number } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.data[row * modules.size + col]) parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { path: parts.join(''), size: modules.size + 2 * QUIET_ZONE };
}

type Props = { value: string; pixels: number; label: string };

export function QrCode({ value, pixels, label }: Props) {
  const { path, size } = useMemo(() => qrPath(value), [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={pixels}
      height={pixels}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      style={{ display: 'block', flexShrink: 0 }}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
