// Heed's icon at /favicon.ico, where browsers look for one on every page (the portal's, the
// dashboard's, /docs): a 32×32 ICO drawn here once, at start, so there is no binary file to keep.
// The shape: a speech bubble in Heed's accent colour, its tail at the lower left.

const SIZE = 32;
const ACCENT = [0x3b, 0x4f, 0xd8] as const;

/** How much of pixel (x, y) the bubble covers, 0 to 1: a rounded square and a tail, edges smoothed. */
function coverage(x: number, y: number): number {
  const px = x + 0.5;
  const py = y + 0.5;
  // The bubble: a square from 2 to 30 across and 2 to 24 down, with corners of radius 7.
  const [left, right, top, bottom, radius] = [2, 30, 2, 24, 7];
  const cx = Math.min(Math.max(px, left + radius), right - radius);
  const cy = Math.min(Math.max(py, top + radius), bottom - radius);
  const outside = Math.hypot(px - cx, py - cy) - radius;
  // The tail: a triangle below the bubble's left part.
  const inTail = py >= bottom - 1 && py <= 30 && px >= 7 && px <= 15 - (py - bottom) * (8 / 6);
  if (inTail) return 1;
  return Math.min(1, Math.max(0, 0.5 - outside));
}

function icoBytes(): Buffer {
  // ICO: a directory of one image, stored as a 32-bit BMP (bottom-up rows of BGRA, then an
  // all-zero AND mask: the alpha channel decides transparency).
  const pixels = Buffer.alloc(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const at = ((SIZE - 1 - y) * SIZE + x) * 4;
      pixels[at] = ACCENT[2];
      pixels[at + 1] = ACCENT[1];
      pixels[at + 2] = ACCENT[0];
      pixels[at + 3] = Math.round(coverage(x, y) * 255);
    }
  }
  const mask = Buffer.alloc((SIZE * SIZE) / 8);
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(SIZE, 4);
  header.writeInt32LE(SIZE * 2, 8); // colour rows and mask rows
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  header.writeUInt32LE(pixels.length + mask.length, 20);
  const image = Buffer.concat([header, pixels, mask]);
  const directory = Buffer.alloc(22);
  directory.writeUInt16LE(0, 0);
  directory.writeUInt16LE(1, 2); // an icon
  directory.writeUInt16LE(1, 4); // one image
  directory.writeUInt8(SIZE, 6);
  directory.writeUInt8(SIZE, 7);
  directory.writeUInt16LE(1, 10);
  directory.writeUInt16LE(32, 12);
  directory.writeUInt32LE(image.length, 14);
  directory.writeUInt32LE(22, 18);
  return Buffer.concat([directory, image]);
}

export const FAVICON = icoBytes();
