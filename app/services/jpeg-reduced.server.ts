// A JPEG decoder that never holds the full-size picture: it reads the entropy-coded data
// of a baseline JPEG and keeps, for every 8×8 block, only the means of its n×n sub-blocks
// (n = 1, 2 or 4), computed exactly from the DCT coefficients. The result is the photo
// reduced 8/n times, box-filtered, in memory proportional to the result. A 4000×3000 phone
// photo fully decoded takes ~100 MB in a Worker (docs/decisions/0018-card-images.md); this
// takes under 2 MB.

export interface RgbaImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export interface JpegInfo {
  width: number;
  height: number;
  /** Baseline or extended sequential Huffman (SOF0/SOF1): what this decoder reads. */
  sequential: boolean;
  components: number;
  /** EXIF orientation, 1 (as stored) to 8. */
  orientation: number;
}

const ZIGZAG = new Uint8Array([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21,
  28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61,
  54, 47, 55, 62, 63,
]);

function u16(bytes: Uint8Array, at: number) {
  return (bytes[at]! << 8) | bytes[at + 1]!;
}

function exifOrientation(bytes: Uint8Array, start: number, end: number): number {
  // "Exif\0\0" then a TIFF header.
  if (end - start < 14 || bytes[start] !== 0x45 || bytes[start + 1] !== 0x78 || bytes[start + 2] !== 0x69 || bytes[start + 3] !== 0x66) return 1;
  const tiff = start + 6;
  const little = bytes[tiff] === 0x49;
  const read16 = (at: number) => (little ? bytes[at]! | (bytes[at + 1]! << 8) : u16(bytes, at));
  const read32 = (at: number) =>
    little
      ? (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0
      : ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
  const ifd = tiff + read32(tiff + 4);
  if (ifd + 2 > end) return 1;
  const count = read16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) break;
    if (read16(entry) === 0x0112) {
      const value = read16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** Size, kind and orientation from the headers, without decoding anything. */
export function readJpegInfo(bytes: Uint8Array): JpegInfo | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let orientation = 1;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = u16(bytes, at + 2);
    if (length < 2) return null;
    if (marker === 0xe1) orientation = exifOrientation(bytes, at + 4, Math.min(bytes.length, at + 2 + length));
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 10 > bytes.length) return null;
      const height = u16(bytes, at + 5);
      const width = u16(bytes, at + 7);
      if (!width || !height) return null;
      return { width, height, sequential: marker === 0xc0 || marker === 0xc1, components: bytes[at + 9]!, orientation };
    }
    at += 2 + length;
  }
  return null;
}

interface Component {
  id: number;
  h: number;
  v: number;
  tq: number;
  /** Blocks per line and column in the padded plane (whole MCUs). */
  blocksX: number;
  blocksY: number;
  /** Blocks that hold picture (used by non-interleaved scans). */
  usedX: number;
  usedY: number;
  plane: Uint8ClampedArray;
  pred: number;
  dc: number;
  ac: number;
}

/** A 65,536-entry lookup: (code length << 8) | symbol for every 16-bit prefix. */
function huffmanTable(counts: Uint8Array, symbols: Uint8Array): Uint16Array {
  const table = new Uint16Array(65536);
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    for (let i = 0; i < counts[length - 1]!; i++) {
      const shift = 16 - length;
      const from = code << shift;
      const to = (code + 1) << shift;
      if (to > 65536) throw new Error("Tabela de Huffman inválida");
      table.fill((length << 8) | symbols[k++]!, from, to);
      code++;
    }
    code <<= 1;
  }
  return table;
}

/**
 * weights[n][u * n + i]: the mean, over the i-th of n equal parts of an 8-sample row,
 * of the u-th DCT basis function (with its C(u)/2 factor).
 */
function partWeights(n: number): Float64Array {
  const weights = new Float64Array(8 * n);
  const size = 8 / n;
  for (let u = 0; u < 8; u++) {
    const c = u === 0 ? Math.SQRT1_2 / 2 : 0.5;
    for (let i = 0; i < n; i++) {
      let sum = 0;
      for (let x = i * size; x < (i + 1) * size; x++) sum += Math.cos(((2 * x + 1) * u * Math.PI) / 16);
      weights[u * n + i] = (c * sum) / size;
    }
  }
  return weights;
}

/**
 * Decodes a baseline JPEG reduced by 8/n (n = 1, 2 or 4): the result is
 * ceil(width·n/8) × ceil(height·n/8), each pixel the mean of the 8/n × 8/n pixels it covers.
 * Throws on anything it does not read (progressive, arithmetic, CMYK, broken data).
 */
export function decodeJpegReduced(bytes: Uint8Array, n: 1 | 2 | 4): RgbaImage {
  const quant: Int32Array[] = [];
  const dcTables: Uint16Array[] = [];
  const acTables: Uint16Array[] = [];
  let components: Component[] = [];
  let width = 0;
  let height = 0;
  let hMax = 1;
  let vMax = 1;
  let mcusX = 0;
  let mcusY = 0;
  let restartInterval = 0;
  let adobeTransform = -1;
  const weights = partWeights(n);
  const coefficients = new Int32Array(64);
  const nonZero = new Uint8Array(64);
  const sub = new Float64Array(n * n);

  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error("Não é JPEG");
  let at = 2;
  let done = false;
  while (!done && at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) throw new Error("Marcador esperado");
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9) break;
    const length = u16(bytes, at + 2);
    const start = at + 4;
    const end = at + 2 + length;
    if (end > bytes.length) throw new Error("Segmento truncado");
    switch (marker) {
      case 0xdb: {
        let p = start;
        while (p < end) {
          const precision = bytes[p]! >> 4;
          const id = bytes[p]! & 15;
          const table = new Int32Array(64);
          p++;
          for (let k = 0; k < 64; k++) {
            table[k] = precision ? u16(bytes, p + 2 * k) : bytes[p + k]!;
          }
          p += precision ? 128 : 64;
          quant[id] = table;
        }
        break;
      }
      case 0xc4: {
        let p = start;
        while (p < end) {
          const kind = bytes[p]! >> 4;
          const id = bytes[p]! & 15;
          const counts = bytes.subarray(p + 1, p + 17);
          let total = 0;
          for (let i = 0; i < 16; i++) total += counts[i]!;
          const table = huffmanTable(counts, bytes.subarray(p + 17, p + 17 + total));
          (kind === 0 ? dcTables : acTables)[id] = table;
          p += 17 + total;
        }
        break;
      }
      case 0xdd:
        restartInterval = u16(bytes, start);
        break;
      case 0xee:
        // Adobe APP14: transform 0 means RGB/CMYK as stored, no YCbCr.
        if (length >= 14 && bytes[start] === 0x41 && bytes[start + 1] === 0x64) adobeTransform = bytes[start + 11]!;
        break;
      case 0xc0:
      case 0xc1: {
        if (bytes[start] !== 8) throw new Error("Precisão não suportada");
        height = u16(bytes, start + 1);
        width = u16(bytes, start + 3);
        const count = bytes[start + 5]!;
        if (!width || !height || (count !== 1 && count !== 3)) throw new Error("JPEG não suportado");
        components = [];
        for (let i = 0; i < count; i++) {
          const p = start + 6 + i * 3;
          const h = bytes[p + 1]! >> 4;
          const v = bytes[p + 1]! & 15;
          if (h < 1 || h > 4 || v < 1 || v > 4) throw new Error("Amostragem inválida");
          components.push({
            id: bytes[p]!, h, v, tq: bytes[p + 2]!,
            blocksX: 0, blocksY: 0, usedX: 0, usedY: 0, plane: new Uint8ClampedArray(0), pred: 0, dc: 0, ac: 0,
          });
        }
        hMax = Math.max(...components.map((c) => c.h));
        vMax = Math.max(...components.map((c) => c.v));
        mcusX = Math.ceil(width / (8 * hMax));
        mcusY = Math.ceil(height / (8 * vMax));
        for (const c of components) {
          c.blocksX = mcusX * c.h;
          c.blocksY = mcusY * c.v;
          c.usedX = Math.ceil(Math.ceil((width * c.h) / hMax) / 8);
          c.usedY = Math.ceil(Math.ceil((height * c.v) / vMax) / 8);
          c.plane = new Uint8ClampedArray(c.blocksX * n * c.blocksY * n);
        }
        break;
      }
      case 0xda: {
        if (!components.length) throw new Error("Varredura antes do quadro");
        const count = bytes[start]!;
        const scan: Component[] = [];
        for (let i = 0; i < count; i++) {
          const id = bytes[start + 1 + i * 2]!;
          const tables = bytes[start + 2 + i * 2]!;
          const c = components.find((x) => x.id === id);
          if (!c) throw new Error("Componente desconhecido");
          c.dc = tables >> 4;
          c.ac = tables & 15;
          if (!dcTables[c.dc] || !acTables[c.ac] || !quant[c.tq]) throw new Error("Tabela ausente");
          scan.push(c);
        }
        at = decodeScan(end, scan);
        continue;
      }
      case 0xc2:
      case 0xc3:
      case 0xc5:
      case 0xc6:
      case 0xc7:
      case 0xc9:
      case 0xca:
      case 0xcb:
      case 0xcd:
      case 0xce:
      case 0xcf:
        throw new Error("JPEG não sequencial");
    }
    at = end;
  }
  if (!components.length) throw new Error("JPEG sem quadro");
  return toRgba();

  /** Reads one scan's entropy-coded data from `from`; returns where the next marker is. */
  function decodeScan(from: number, scan: Component[]): number {
    let pos = from;
    let buffer = 0;
    let bits = 0;
    const fill = () => {
      while (bits <= 24) {
        let byte = 0;
        if (pos < bytes.length) {
          byte = bytes[pos]!;
          if (byte === 0xff) {
            const next = bytes[pos + 1];
            if (next === 0) pos += 2;
            else byte = 0; // a marker: feed zeros, stay on it
          } else pos++;
        }
        buffer = (buffer | (byte << (24 - bits))) >>> 0;
        bits += 8;
      }
    };
    const decode = (table: Uint16Array) => {
      if (bits < 16) fill();
      const entry = table[buffer >>> 16]!;
      const length = entry >> 8;
      if (!length) throw new Error("Código de Huffman inválido");
      buffer = (buffer << length) >>> 0;
      bits -= length;
      return entry & 255;
    };
    const receiveExtend = (size: number) => {
      if (!size) return 0;
      if (bits < size) fill();
      const value = buffer >>> (32 - size);
      buffer = (buffer << size) >>> 0;
      bits -= size;
      return value < 1 << (size - 1) ? value - (1 << size) + 1 : value;
    };

    const decodeBlock = (c: Component, blockX: number, blockY: number) => {
      const q = quant[c.tq]!;
      const dcTable = dcTables[c.dc]!;
      const acTable = acTables[c.ac]!;
      c.pred += receiveExtend(decode(dcTable));
      coefficients[0] = c.pred * q[0]!;
      let count = 1;
      nonZero[0] = 0;
      for (let k = 1; k < 64; ) {
        const rs = decode(acTable);
        const run = rs >> 4;
        const size = rs & 15;
        if (!size) {
          if (run !== 15) break;
          k += 16;
          continue;
        }
        k += run;
        if (k > 63) throw new Error("Bloco inválido");
        const value = receiveExtend(size);
        const natural = ZIGZAG[k]!;
        coefficients[natural] = value * q[k]!;
        nonZero[count++] = natural;
        k++;
      }
      sub.fill(0);
      for (let i = 0; i < count; i++) {
        const natural = nonZero[i]!;
        const value = coefficients[natural]!;
        const v = natural >> 3;
        const u = natural & 7;
        for (let j = 0; j < n; j++) {
          const wy = weights[v * n + j]! * value;
          if (wy === 0) continue;
          for (let i2 = 0; i2 < n; i2++) sub[j * n + i2] = sub[j * n + i2]! + wy * weights[u * n + i2]!;
        }
      }
      const stride = c.blocksX * n;
      let out = blockY * n * stride + blockX * n;
      for (let j = 0; j < n; j++, out += stride) {
        for (let i2 = 0; i2 < n; i2++) c.plane[out + i2] = sub[j * n + i2]! + 128.5;
      }
    };

    const single = scan.length === 1;
    const total = single ? scan[0]!.usedX * scan[0]!.usedY : mcusX * mcusY;
    const perLine = single ? scan[0]!.usedX : mcusX;
    for (const c of scan) c.pred = 0;
    for (let mcu = 0; mcu < total; mcu++) {
      if (restartInterval && mcu > 0 && mcu % restartInterval === 0) {
        // Skip to the RSTn marker, drop leftover bits and restart the DC predictions.
        while (pos + 1 < bytes.length && !(bytes[pos] === 0xff && bytes[pos + 1]! >= 0xd0 && bytes[pos + 1]! <= 0xd7)) pos++;
        pos += 2;
        buffer = 0;
        bits = 0;
        for (const c of scan) c.pred = 0;
      }
      const mx = mcu % perLine;
      const my = (mcu - mx) / perLine;
      if (single) {
        decodeBlock(scan[0]!, mx, my);
      } else {
        for (const c of scan) {
          for (let by = 0; by < c.v; by++) {
            for (let bx = 0; bx < c.h; bx++) decodeBlock(c, mx * c.h + bx, my * c.v + by);
          }
        }
      }
    }
    // The next marker: skip what is left of the entropy-coded data.
    while (pos + 1 < bytes.length && !(bytes[pos] === 0xff && bytes[pos + 1] !== 0 && !(bytes[pos + 1]! >= 0xd0 && bytes[pos + 1]! <= 0xd7))) pos++;
    return pos;
  }

  function toRgba(): RgbaImage {
    const outW = Math.ceil((width * n) / 8);
    const outH = Math.ceil((height * n) / 8);
    const data = new Uint8ClampedArray(outW * outH * 4);
    const [y, cb, cr] = components;
    const rgb = components.length === 3 && adobeTransform === 0;
    for (let py = 0; py < outH; py++) {
      for (let px = 0; px < outW; px++) {
        const sample = (c: Component) =>
          c.plane[Math.floor((py * c.v) / vMax) * c.blocksX * n + Math.floor((px * c.h) / hMax)]!;
        const o = (py * outW + px) * 4;
        const l = sample(y!);
        if (!cb || !cr) {
          data[o] = data[o + 1] = data[o + 2] = l;
        } else if (rgb) {
          data[o] = l;
          data[o + 1] = sample(cb);
          data[o + 2] = sample(cr);
        } else {
          const b = sample(cb) - 128;
          const r = sample(cr) - 128;
          data[o] = l + 1.402 * r;
          data[o + 1] = l - 0.344136 * b - 0.714136 * r;
          data[o + 2] = l + 1.772 * b;
        }
        data[o + 3] = 255;
      }
    }
    return { data, width: outW, height: outH };
  }
}
