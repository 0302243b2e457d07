// Photo-like pixels for the image tests (unit and e2e): smooth colour fields plus
// deterministic grain, so encoders produce photo-sized files without committed photos.
/** A photo-like picture: smooth colour fields plus deterministic grain. */
export function photoPixels(width: number, height: number, grain = 24, seed = 1) {
  const data = new Uint8ClampedArray(width * height * 4);
  let n = (2463534242 ^ seed) >>> 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const u = x / width;
      const v = y / height;
      const base = [120 + 80 * Math.sin(u * 6 + v * 3), 110 + 70 * Math.cos(v * 5 + u * 2), 90 + 60 * Math.sin((u + v) * 4)];
      for (let c = 0; c < 3; c++) {
        n ^= n << 13;
        n ^= n >>> 17;
        n ^= n << 5;
        n >>>= 0;
        data[i + c] = base[c]! + ((n & 0xff) / 255 - 0.5) * grain;
      }
      data[i + 3] = 255;
    }
  }
  return { data, width, height } as ImageData;
}
