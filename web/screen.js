// The console's 240x240 screen on a canvas (docs/web.md). The console's frame is GS4_HMSB: two
// pixels a byte, the even x in the high nibble, 120 bytes a row, colours from a 16-entry RGB565
// palette. Only the rectangles the console reports are converted and put on the canvas. The
// canvas keeps 240x240 pixels; CSS scales it by a whole number of device pixels, unsmoothed.
export const W = 240, H = 240;

// RGB565 to 8-bit channels as the simulator does (host_sim/display.py rgb888)
export function rgb888(c) {
  const r = (c >> 11) & 31, g = (c >> 5) & 63, b = c & 31;
  return [(r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2)];
}

export class Screen {
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d", { alpha: false });
    this.image = this.ctx.createImageData(W, H);
    this.pixels = new Uint32Array(this.image.data.buffer);
    this.rgba = new Uint32Array(16);
    this.brightness = -1;
  }

  setPalette(heap, addr) {
    const pal = new Uint16Array(heap.buffer, addr, 16);
    for (let i = 0; i < 16; i++) {
      const [r, g, b] = rgb888(pal[i]);
      this.rgba[i] = (0xff000000 | (b << 16) | (g << 8) | r) >>> 0;   // RGBA bytes, little-endian
    }
  }

  // x0 and x1 are even (docs/platform.md): whole bytes of the frame
  draw(heap, frame, x0, y0, x1, y1) {
    x0 = Math.max(0, x0 & ~1); y0 = Math.max(0, y0); x1 = Math.min(W, x1); y1 = Math.min(H, y1);
    if (x0 >= x1 || y0 >= y1) return;
    const px = this.pixels, rgba = this.rgba;
    for (let y = y0; y < y1; y++) {
      let at = frame + y * (W >> 1) + (x0 >> 1);
      let out = y * W + x0;
      for (let x = x0; x < x1; x += 2) {
        const b = heap[at++];
        px[out++] = rgba[b >> 4];
        px[out++] = rgba[b & 15];
      }
    }
    this.ctx.putImageData(this.image, 0, 0, x0, y0, x1 - x0, y1 - y0);
  }

  // the backlight: dims what is shown, not the pixels (a screenshot has the full colours)
  setBrightness(percent) {
    if (percent === this.brightness) return;
    this.brightness = percent;
    this.canvas.style.filter = percent >= 100 ? "" : `brightness(${percent}%)`;
  }

  // the largest whole scale (in device pixels) that fits width x height CSS pixels
  fit(width, height) {
    const dpr = window.devicePixelRatio || 1;
    const k = Math.max(1, Math.floor(Math.min(width, height) * dpr / W));
    const css = (W * k) / dpr;
    this.canvas.style.width = this.canvas.style.height = css + "px";
    return k;
  }

  // the canvas as RGB bytes, what the simulator's screenshot holds (tests compare them)
  rgb() {
    const data = this.ctx.getImageData(0, 0, W, H).data;
    const out = new Uint8Array(W * H * 3);
    for (let i = 0, j = 0; i < data.length; i += 4) {
      out[j++] = data[i]; out[j++] = data[i + 1]; out[j++] = data[i + 2];
    }
    return out;
  }
}
