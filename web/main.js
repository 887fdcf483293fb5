// picotable in the browser (docs/web.md): the console's unmodified core on MicroPython's
// WebAssembly port. This file boots the runtime, unpacks the firmware into its filesystem, makes
// the page's console (web/webmain.py) and runs it on requestAnimationFrame. The console and this
// page share one block of memory (web/webhw.py: the buttons, tilt and clock go in; rectangles to
// draw, tones and changed files come out); screen.js, input.js, sound.js and saves.js are the
// rest of the hardware.
import { loadMicroPython } from "./micropython.mjs";
import { Screen } from "./screen.js";
import { Input } from "./input.js";
import { Sound } from "./sound.js";
import { Saves } from "./saves.js";
import { parseRecording, Player } from "./replay.js";

const DATA = "/data";               // settings and saves, kept in the browser's storage
const FIRMWARE = "/firmware";       // core/, games/ and the page's Python, from firmware.bin
const HEAP = 2 * 1024 * 1024;       // the runtime's first heap; it grows it when needed
const STEP_MS = [33, 33, 34];       // a replay's virtual clock: the simulator's (host_sim/cli.py)
const MASK = 0x3fffffff;            // MicroPython's ticks wrap at 2**30
const $ = id => document.getElementById(id);

// firmware.bin (tools/web_build.py): b"PTwb", the index's length, the index, the files
export function unpack(buffer, FS, dir) {
  const bytes = new Uint8Array(buffer);
  if (bytes.length < 8 || String.fromCharCode(...bytes.subarray(0, 4)) !== "PTwb") {
    throw new Error("firmware.bin is not the console's firmware");
  }
  const n = new DataView(buffer).getUint32(4, true);
  const index = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + n)));
  let at = 8 + n;
  for (const [path, size] of index) {
    const full = dir + "/" + path;
    FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
    FS.writeFile(full, bytes.subarray(at, at + size));
    at += size;
  }
  if (at !== bytes.length) throw new Error("firmware.bin is damaged");
  return index.length;
}

class Shell {
  constructor() {
    this.messages = [];
    this.screen = new Screen($("screen"));
    this.sound = new Sound();
    this.input = new Input($("pad"), $("screen"), m => this.say(m));
    this.mode = "live";             // "replay" while a recording feeds the console
    this.clock = 0;                 // the console's clock, ms (io.now)
    this.last = -1;                 // the last animation frame's time
    this.hidden = false;
    this.frozen = false;            // tests: the loop leaves the console alone (they call live())
    this.inbox = {};
    this.times = [];                // ms of the latest rendered frames (figures)
    this.loadMs = -1;               // when the first frame was drawn, ms after the page started
    this.faults = 0;
    this.replays = 0;
    this.ready = this.boot().catch(e => { this.say("Could not start the console: " + (e.message || e)); throw e; });
  }

  say(text) {
    if (this.messages.includes(text)) return;
    this.messages.push(text);
    $("status").textContent = this.messages.slice(-3).join(" ");
  }

  async boot() {
    const [mp, firmware] = await Promise.all([
      loadMicroPython({ heapsize: HEAP, stdout: l => console.log(l), stderr: l => console.warn(l) }),
      fetch("firmware.bin").then(r => {
        if (!r.ok) throw new Error("firmware.bin: " + r.status + " " + r.statusText);
        return r.arrayBuffer();
      }),
    ]);
    this.mp = mp;
    this.M = mp._module;
    unpack(firmware, mp.FS, FIRMWARE);
    $("status").textContent = "";
    this.saves = new Saves(mp.FS, DATA, m => this.say(m));
    mp.runPython(`import sys\nsys.path[:0] = ["${FIRMWARE}"]`);
    this.shell = mp.pyimport("webmain");
    this.f = {};
    for (const item of mp.pyimport("webhw").layout().split(",")) {
      const [name, i] = item.split(":");
      this.f[name] = Number(i);
    }
    this.size = Object.keys(this.f).length;
    this.start(DATA, -1, "", "sim");
    this.listen();
    this.fit();
    requestAnimationFrame(t => this.loop(t));
  }

  // a console on a new hardware object (a replay gets a fresh data folder of its own)
  start(data, seed, settings, accel) {
    this.page = null;
    const page = this.shell.boot(data, seed, settings, accel);
    this.page = page;
    this.tickFn = page.tick;
    this.frameFn = page.frame;
    this.ioAddr = page.io_address();
    this.statsAddr = page.stats_address();
    this.views = null;
    this.palSeq = -1;
    this.sound.toneSeq = this.sound.stopSeq = this.saves.seq = 0;
    this.mem().io[this.f.now] = this.clock;
  }

  // views of the shared memory (made again when the runtime's memory grows)
  mem() {
    const buf = this.M.HEAPU8.buffer;
    if (!this.views || this.views.buffer !== buf) {
      this.views = { buffer: buf, io: new Int32Array(buf, this.ioAddr, this.size),
                     stats: new Int32Array(buf, this.statsAddr, 4) };
    }
    return this.views;
  }

  // after each call into the console: draw its rectangles, play its tones, keep its files
  after() {
    const { io } = this.mem(), f = this.f, heap = this.M.HEAPU8;
    if (io[f.palette_seq] !== this.palSeq) {
      this.palSeq = io[f.palette_seq];
      this.screen.setPalette(heap, io[f.palette]);
      io[f.full] = 1;
    }
    const frame = io[f.frame];
    if (frame && (io[f.full] || io[f.nrects])) {
      if (io[f.full]) {
        this.screen.draw(heap, frame, 0, 0, 240, 240);
      } else {
        const r = new Int16Array(heap.buffer, io[f.rects], 4 * io[f.nrects]);
        for (let k = 0; k < r.length; k += 4) this.screen.draw(heap, frame, r[k], r[k + 1], r[k + 2], r[k + 3]);
      }
      if (this.loadMs < 0) this.loadMs = performance.now();
    }
    io[f.full] = 0;
    io[f.nrects] = 0;
    this.screen.setBrightness(io[f.bright]);
    this.sound.update(io, f);
    this.saves.update(io, f);
  }

  put(s) {
    const { io } = this.mem(), f = this.f;
    io[f.buttons] = s.buttons;
    io[f.downs] |= s.downs;         // kept until the console reads the buttons
    io[f.accel_ok] = s.ok;
    io[f.ax] = s.x;
    io[f.ay] = s.y;
    io[f.az] = s.z;
    io[f.now] = this.clock;
  }

  loop(t) {
    requestAnimationFrame(tt => this.loop(tt));
    if (this.hidden) return;
    const now = Math.floor(t), elapsed = this.last < 0 ? 0 : Math.min(now - this.last, 1000);
    this.last = now;
    try {
      if (this.mode === "replay") {
        if (this.auto) this.autoReplay(elapsed);
      } else if (!this.frozen) {
        this.live(elapsed);
      }
    } catch (e) {
      this.fault(e);
    }
  }

  // one animation frame of live play: the input, then the console's own fixed-step loop
  live(elapsed) {
    const t0 = performance.now();
    this.clock = (this.clock + elapsed) & MASK;
    this.put(this.input.read(elapsed, this.inbox));
    const rendered = this.tickFn(elapsed);
    this.after();
    if (rendered) this.time(performance.now() - t0);
  }

  time(ms) {
    this.times.push(ms);
    if (this.times.length > 3000) this.times.splice(0, 1000);
  }

  fault(e) {
    this.faults++;
    console.error(e);
    this.say("The console hit an error it could not show: " + (e.message || e));
  }

  // -- replays: a recording of the simulator (docs/simulator.md) fed step by step -----------
  // opts: game, seats, options (start that game first, as the simulator's --game), auto
  // (false: the caller runs steps()), liveTilt (the tilt from this page's sensor, not the file)
  play(text, opts = {}) {
    const rec = parseRecording(text);
    this.mode = "replay";
    this.auto = opts.auto !== false;
    this.acc = 0;
    this.player = new Player(rec);
    this.liveTilt = !!opts.liveTilt;
    this.k = 0;
    this.clock = 0;
    this.start("/replay" + ++this.replays, rec.seed, rec.settings, rec.accel);
    if (opts.game) {
      const err = this.page.launch(opts.game, opts.seats || "", opts.options || "");
      this.after();
      if (err) throw new Error(err);
    }
    return rec.total;
  }

  steps(n) {
    if (this.mode !== "replay") return 0;
    for (let i = 0; i < n; i++) this.replayStep();
    return this.player.step;
  }

  replayStep() {
    const s = this.player.next(), { io } = this.mem(), f = this.f;
    if (this.liveTilt) {
      this.put(this.input.read(0, this.inbox));
    } else {
      io[f.accel_ok] = s.ok ? 1 : 0;
      io[f.ax] = s.x;
      io[f.ay] = s.y;
      io[f.az] = s.z;
      io[f.now] = this.clock;
    }
    io[f.buttons] = s.buttons;
    io[f.downs] = 0;
    this.frameFn();
    this.after();
    this.clock = (this.clock + STEP_MS[this.k++ % 3]) & MASK;
  }

  autoReplay(elapsed) {
    this.acc = Math.min(this.acc + elapsed * 3, 300);        // ms * 3: one step costs 100
    for (; this.acc >= 100 && !this.player.done; this.acc -= 100) this.replayStep();
    if (this.player.done) {
      this.mode = "live";
      this.say("The recording is over: the console is yours.");
    }
  }

  // start a game as the launcher does (live): seats like "human,bot:hard", options one digit each
  launch(game, seats, options = "") {
    const err = this.page.launch(game, seats, options);
    this.after();
    if (err) throw new Error(err);
  }

  // -- figures and test hooks -----------------------------------------------------------------
  stats() {
    const t = [...this.times].sort((a, b) => a - b), { stats } = this.mem();
    const mean = t.length ? t.reduce((a, b) => a + b, 0) / t.length : 0;
    return { frames: t.length, mean, p95: t.length ? t[Math.min(t.length - 1, Math.floor(t.length * 0.95))] : 0,
             gameCalls: stats[0], allocCalls: stats[1], allocBytes: stats[2], firstAlloc: stats[3], loadMs: this.loadMs,
             faults: this.faults, messages: [...this.messages] };
  }

  pixels() {
    const rgb = this.screen.rgb();
    let s = "";
    for (let i = 0; i < rgb.length; i += 0x8000) s += String.fromCharCode(...rgb.subarray(i, i + 0x8000));
    return btoa(s);
  }

  // run Python with `page` bound to the page's console runner; returns str(result)
  python(code) {
    this.mp.globals.set("page", this.page);
    this.mp.runPython("result = None\n" + code + "\nresult = None if result is None else str(result)");
    const r = this.mp.globals.get("result");
    return r === null || r === undefined ? null : r;
  }

  // -- the page around the console ------------------------------------------------------------
  listen() {
    const unlock = () => this.sound.unlock();
    window.addEventListener("pointerdown", unlock, true);
    window.addEventListener("keydown", unlock, true);
    window.addEventListener("resize", () => this.fit());
    document.addEventListener("visibilitychange", () => {
      this.hidden = document.hidden;     // a hidden tab pauses the console
      this.last = -1;                    // and it goes on where it stopped, with no catch-up
      if (this.hidden) { this.sound.stop(); this.saves.sync(); }
    });
    window.addEventListener("pagehide", () => this.saves.sync());
    window.addEventListener("dragover", e => e.preventDefault());
    window.addEventListener("drop", e => this.dropped(e));
    this.listenTilt();
  }

  listenTilt() {
    const motion = e => this.input.motionEvent(e), orientation = e => this.input.orientationEvent(e);
    const on = () => {
      window.addEventListener("devicemotion", motion);
      window.addEventListener("deviceorientation", orientation);
    };
    const button = $("tilt");
    const DME = window.DeviceMotionEvent;
    button.hidden = true;
    if (!DME) return;
    on();       // where no permission is needed, readings come now (and hide the button)
    this.input.onMotion = () => { button.hidden = true; };
    if (typeof DME.requestPermission === "function" && matchMedia("(pointer: coarse)").matches) {
      // iOS: motion only after the player allows it, asked from a tap
      button.hidden = false;
      button.textContent = "Tap to tilt with the phone";
      button.onclick = () => DME.requestPermission().then(answer => {
        if (answer !== "granted") this.say("Tilt: motion not allowed; drag the screen or use the joystick.");
        button.hidden = true;
      }, () => this.say("Tilt: this browser gives no motion; drag the screen or use the joystick."));
    }
  }

  dropped(e) {
    e.preventDefault();
    const file = e.dataTransfer && e.dataTransfer.files[0];
    if (!file) return;
    file.text().then(text => this.play(text)).catch(err => this.say("Not played: " + (err.message || err)));
  }

  // the screen as large as fits: beside the pad on a phone on its side, else above it
  fit() {
    const width = Math.min(window.innerWidth, document.documentElement.clientWidth || 1e9);
    const side = matchMedia("(orientation: landscape) and (max-height: 500px)").matches;
    const w = side ? width - 340 : width - 28, h = side ? window.innerHeight - 40 : window.innerHeight - 250;
    this.screen.fit(Math.max(w, 120), Math.max(h, 120));
  }
}

window.picotable = new Shell();
