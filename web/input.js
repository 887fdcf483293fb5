// The console's buttons and tilt in the browser (docs/web.md): the simulator's keys
// (docs/simulator.md), the on-screen pad (multitouch), gamepads, and tilt from the phone's
// motion sensor, or else from dragging the screen, the I J K L keys or a gamepad's stick.
export const UP = 1, DOWN = 2, LEFT = 4, RIGHT = 8, PRESS = 16, A = 32, B = 64, X = 128, Y = 256;
const DIRS = UP | DOWN | LEFT | RIGHT;

// KeyboardEvent.code (where the key is, whatever the layout) -> button
const KEYS = {
  ArrowUp: UP, ArrowDown: DOWN, ArrowLeft: LEFT, ArrowRight: RIGHT, Space: PRESS,
  KeyZ: A, Enter: A, NumpadEnter: A, KeyX: B, Backspace: B, KeyC: X, KeyV: Y, Escape: Y,
};
const TILT_KEYS = { KeyJ: [-1, 0], KeyL: [1, 0], KeyI: [0, 1], KeyK: [0, -1] };
// standard gamepad mapping: south, east, west, north, start, left stick press, D-pad
const PAD_BUTTONS = [[0, A], [1, B], [2, X], [3, Y], [9, Y], [10, PRESS], [12, UP], [13, DOWN], [14, LEFT], [15, RIGHT]];

export const G = 9.80665;       // m/s^2 in one g
const LIMIT = 2000;             // milli-g; beyond is a jolt: clipped, as a +-2 g sensor does
const TILT = 1000;              // the simulated tilt's range (host_sim/sim_accel.py)
const KEY_RAMP = 1.8;           // milli-g per ms while a tilt key is held: the simulator's 60 a step
const KEY_TILT = 600;

const clamp = (v, lo, hi) => (v < lo ? lo : v > hi ? hi : v);

// A tilt as the simulator's sensor reads it (host_sim/sim_accel.py): lowering the right edge by
// tx milli-g of tilt makes the x axis read -tx.
export function tiltToMg(tx, ty) {
  return [-tx, -ty, Math.floor(Math.sqrt(Math.max(0, 1e6 - tx * tx - ty * ty)))];
}

// DeviceMotion's accelerationIncludingGravity (m/s^2, the device's axes: x right, y to the top,
// z out of the screen, the same as the console's) to the console's milli-g, turned into the
// axes of the page as shown (screen.orientation.angle: the screen turned that much
// anticlockwise). `sign` is -1 on browsers that report the axes the other way round. null when
// the reading is not numbers (NaN, missing).
export function motionToMg(ax, ay, az, angle, sign) {
  if (![ax, ay, az].every(v => typeof v === "number" && Number.isFinite(v))) return null;
  const a = ((angle || 0) * Math.PI) / 180, c = Math.round(Math.cos(a)), s = Math.round(Math.sin(a));
  const x = ax * c - ay * s, y = ax * s + ay * c;
  const mg = v => clamp(Math.round((sign * v * 1000) / G), -LIMIT, LIMIT);
  return [mg(x), mg(y), mg(az)];
}

// DeviceOrientation's beta (front up, degrees) and gamma (right edge down) to what an
// accelerometer held that way reads, in milli-g
export function orientationToMg(beta, gamma, angle) {
  if (![beta, gamma].every(v => typeof v === "number" && Number.isFinite(v))) return null;
  const b = (beta * Math.PI) / 180, g = (gamma * Math.PI) / 180;
  return motionToMg(-Math.sin(g) * Math.cos(b) * G, Math.sin(b) * G, Math.cos(g) * Math.cos(b) * G, angle, 1);
}

export class Input {
  constructor(pad, screen, say) {
    this.say = say;
    this.keys = 0;              // held on the keyboard
    this.touch = new Map();     // pointer id -> buttons under it
    this.gamepad = 0;
    this.downs = 0;             // went down since the console last read the buttons
    this.tx = 0;                // the simulated tilt (drag, keys, stick), milli-g
    this.ty = 0;
    this.tiltKeys = [0, 0];
    this.drag = null;
    this.stick = false;
    this.motion = null;         // the sensor's last reading [x, y, z] milli-g; false: a bad one
    this.sign = 1;
    this.motionOn = false;
    this.lit = -1;
    this.onMotion = () => {};   // the page hides its "tap to tilt" button
    this.pad = pad;
    this.keyEls = [...pad.querySelectorAll("[data-bit]")];
    this.listen(pad, screen);
  }

  listen(pad, screen) {
    window.addEventListener("keydown", e => this.key(e, true));
    window.addEventListener("keyup", e => this.key(e, false));
    window.addEventListener("blur", () => { this.keys = 0; this.tiltKeys = [0, 0]; this.touch.clear(); });
    const touch = e => this.pointer(e);
    for (const t of ["pointerdown", "pointermove", "pointerup", "pointercancel"]) pad.addEventListener(t, touch);
    pad.addEventListener("contextmenu", e => e.preventDefault());
    screen.addEventListener("pointerdown", e => {
      this.drag = [e.clientX, e.clientY];
      try { screen.setPointerCapture(e.pointerId); } catch (err) { /* not a real pointer */ }
    });
    screen.addEventListener("pointermove", e => {
      if (!this.drag) return;
      this.setTilt((e.clientX - this.drag[0]) * 6, -(e.clientY - this.drag[1]) * 6);
    });
    const release = () => { if (this.drag) { this.drag = null; this.setTilt(0, 0); } };
    screen.addEventListener("pointerup", release);
    screen.addEventListener("pointercancel", release);
  }

  key(e, down) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const bit = KEYS[e.code] || 0, tk = TILT_KEYS[e.code];
    if (down && e.code === "KeyR") this.setTilt(0, 0);
    if (tk && e.repeat) { e.preventDefault(); return; }
    if (tk) {
      const k = down ? 1 : -1;
      this.tiltKeys = [clamp(this.tiltKeys[0] + k * tk[0], -1, 1), clamp(this.tiltKeys[1] + k * tk[1], -1, 1)];
    }
    if (!bit) return;               // any other key: not the console's
    e.preventDefault();
    if (down) {
      if (!(this.keys & bit)) this.downs |= bit;
      this.keys |= bit;
    } else {
      this.keys &= ~bit;
    }
  }

  // the on-screen pad: every finger on it holds what is under it (sliding from key to key works)
  pointer(e) {
    e.preventDefault();
    if (e.type === "pointerup" || e.type === "pointercancel") { this.touch.delete(e.pointerId); return; }
    if (e.type === "pointermove" && !this.touch.has(e.pointerId)) return;
    const bits = this.hit(e.clientX, e.clientY), before = this.touch.get(e.pointerId) || 0;
    this.downs |= bits & ~before;
    this.touch.set(e.pointerId, bits);
  }

  hit(x, y) {
    const stick = this.pad.querySelector("#stick").getBoundingClientRect();
    const cx = stick.left + stick.width / 2, cy = stick.top + stick.height / 2, r = stick.width / 2;
    const dx = x - cx, dy = y - cy;
    if (dx * dx + dy * dy <= r * r * 1.2) {
      if (dx * dx + dy * dy < (r * 0.3) ** 2) return PRESS;
      const t = r * 0.3;    // beyond a third of the way out, a direction; both near a diagonal
      return (dx > t ? RIGHT : dx < -t ? LEFT : 0) | (dy > t ? DOWN : dy < -t ? UP : 0) ||
             (Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? RIGHT : LEFT) : (dy > 0 ? DOWN : UP));
    }
    for (const el of this.keyEls) {
      const bit = Number(el.dataset.bit);
      if (bit & (DIRS | PRESS)) continue;
      const b = el.getBoundingClientRect();
      const ex = x - (b.left + b.width / 2), ey = y - (b.top + b.height / 2), er = b.width * 0.62;
      if (ex * ex + ey * ey <= er * er) return bit;
    }
    return 0;
  }

  setTilt(tx, ty) {
    this.tx = clamp(Math.trunc(tx) || 0, -TILT, TILT);
    this.ty = clamp(Math.trunc(ty) || 0, -TILT, TILT);
  }

  // DeviceMotion and DeviceOrientation (orientation only where motion gives nothing)
  motionEvent(e) {
    const g = e.accelerationIncludingGravity;
    if (!g || (g.x === null && g.y === null && g.z === null)) return;     // no sensor behind it
    this.sensorReading(g.x, g.y, g.z, true);
  }

  orientationEvent(e) {
    if (this.motionOn || e.beta === null || e.gamma === null) return;
    const mg = orientationToMg(e.beta, e.gamma, this.angle());
    this.motion = mg || false;
    if (!mg) this.say("Tilt: the browser gave a reading that is not a number; the joystick tilts.");
  }

  sensorReading(ax, ay, az, fromMotion) {
    if (fromMotion && !this.motionOn) { this.motionOn = true; this.onMotion(); }
    // the screen faces the player, so the sensor's z reads about +1 g or at least more than -0.5 g;
    // a browser reporting the opposite sign (iOS has) shows it with z far below 0
    if (typeof az === "number" && Math.abs(az) > G / 2) this.sign = az > 0 ? 1 : -1;
    const mg = motionToMg(ax, ay, az, this.angle(), this.sign);
    this.motion = mg || false;
    if (!mg) this.say("Tilt: the browser gave a reading that is not a number; the joystick tilts.");
  }

  angle() {
    const o = screen.orientation;
    return o && typeof o.angle === "number" ? o.angle : (typeof window.orientation === "number" ? window.orientation : 0);
  }

  pollGamepads() {
    let bits = 0, stick = false;
    let pads = [];
    try { pads = navigator.getGamepads ? navigator.getGamepads() : []; } catch (e) { /* not allowed here */ }
    for (const p of pads) {
      if (!p) continue;
      for (const [i, bit] of PAD_BUTTONS) if (p.buttons[i] && p.buttons[i].pressed) bits |= bit;
      const ax = p.axes[0] || 0, ay = p.axes[1] || 0;
      if (!this.drag && (Math.abs(ax) > 0.08 || Math.abs(ay) > 0.08)) {
        this.setTilt(ax * 1000, -ay * 1000);
        stick = true;
      }
    }
    if (this.stick && !stick && !this.drag) this.setTilt(0, 0);     // let go: level again
    this.stick = stick;
    this.downs |= bits & ~this.gamepad;
    this.gamepad = bits;
  }

  held() {
    let t = 0;
    for (const b of this.touch.values()) t |= b;
    return this.keys | t | this.gamepad;
  }

  // what the console reads next: buttons, the presses since the last read, and the tilt
  read(elapsedMs, out) {
    this.pollGamepads();
    const [kx, ky] = this.tiltKeys;
    if ((kx || ky) && !this.drag) {
      const d = KEY_RAMP * elapsedMs;
      this.setTilt(clamp(this.tx + kx * d, -KEY_TILT, KEY_TILT), clamp(this.ty + ky * d, -KEY_TILT, KEY_TILT));
    }
    out.buttons = this.held();
    out.downs = this.downs;
    this.downs = 0;
    // the phone's sensor once it has spoken (a bad reading: the read fails), else the simulated tilt
    const mg = this.motion !== null ? this.motion : tiltToMg(this.tx, this.ty);
    out.ok = mg ? 1 : 0;
    [out.x, out.y, out.z] = mg || [0, 0, 0];
    this.light(out.buttons | out.downs);
    return out;
  }

  light(bits) {
    if (bits === this.lit) return;
    this.lit = bits;
    for (const el of this.keyEls) el.classList.toggle("lit", !!(bits & Number(el.dataset.bit)));
  }
}
