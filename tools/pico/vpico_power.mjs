// What vpico lacks for the power tests, added from outside it: loaded before vpico.mjs with
//     node --import ./tools/pico/vpico_power.mjs VPICO/vpico.mjs [vpico's options]
// it patches vpico's own classes (imported from the folder of the vpico.mjs being run) and is
// steered by environment variables (tools/power_pico.py sets them). docs/hardware.md, "Power
// on the emulated Pico", tells what each one models and what it does not.
//
//   PICOTABLE_VSYS      "3.9" or "3.9@0,3.45@5000,3.3@15000": VSYS in volts from t ms after the
//                       statement (ADC3 = VSYS / 3 against 3.3 V, 12 bits; rp2040js models no
//                       ADC inputs of its own)
//   PICOTABLE_VBUS      "1": GP24 (VBUS sense) high, USB power
//   PICOTABLE_WDT       "reset": when the watchdog fires the run ends there, as the chip's reset
//                       would end it (rp2040js only logs it); the next run is the boot after it
//   PICOTABLE_WDT_OUT   a JSON file: the watchdog's REASON and SCRATCH0-7 at the end of the run
//   PICOTABLE_WDT_IN    such a file: preset before the boot (what a watchdog reset keeps)
//   PICOTABLE_CUT_MS    a power cut at t ms after the statement: when it falls inside a flash
//                       erase or program, that operation is left part-done (PICOTABLE_CUT_SEED:
//                       which bits) and the run ends; between operations vpico's --seconds cut
//   PICOTABLE_WINDOWS   "a-b,c-d": CPU busy time in those windows (ms after the statement)
//   PICOTABLE_REPORT    a JSON file for what this hook saw (events, windows, cut, watchdog)
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const main = process.argv[1];
const lib = (name) => pathToFileURL(path.join(path.dirname(main), 'lib', name)).href;
const { Board } = await import(lib('emu.mjs'));
const { ST7789 } = await import(lib('st7789.mjs'));
const { Buttons } = await import(lib('inputs.mjs'));

const env = process.env;
const WDT_BASE = 0x40058;
const VBUS_GPIO = 24;
const BL_GPIO = 13;
const report = { events: [], windows: [], cut: null, watchdog: null, flash_ops: 0 };
let board = null;
let t0 = null;
const rel = (tNs) => (t0 === null ? null : +((tNs - t0) / 1e6).toFixed(3));
const say = (msg) => process.stderr.write(`[power] ${msg}\n`);

function event(what, tNs) {
  report.events.push({ t_ms: rel(tNs), what });
}

function setVsys(volts) {
  const raw = Math.max(0, Math.min(4095, Math.round((volts / 3 / 3.3) * 4096)));
  board.mcu.adc.channelValues[3] = raw;
}

function parseTimeline(text) {
  return text.split(',').map((part) => {
    const [v, t] = part.split('@');
    return { volts: Number(v), t: Number(t || 0) };
  });
}

function backlightDuty() {
  const ch = board.mcu.pwm.channels[(BL_GPIO >> 1) & 7];
  const g = board.mcu.gpio[BL_GPIO];
  if (g.functionSelect !== 4) return null;
  const cc = BL_GPIO & 1 ? ch.cc >>> 16 : ch.cc & 0xffff;
  return ch.csr & 1 ? +((100 * Math.min(cc, ch.top + 1)) / (ch.top + 1)).toFixed(1) : 0;
}

// -- the board as it is made ----------------------------------------------------------------
const loadUF2 = Board.prototype.loadUF2;
Board.prototype.loadUF2 = function (file) {
  board = this;
  const out = loadUF2.call(this, file);
  const wdt = this.mcu.peripherals[WDT_BASE];
  if (env.PICOTABLE_WDT_IN) {
    const st = JSON.parse(fs.readFileSync(env.PICOTABLE_WDT_IN, 'utf8'));
    wdt.reason = st.reason;
    st.scratch.forEach((v, i) => { wdt.scratchData[i] = v >>> 0; });
  }
  if (env.PICOTABLE_WDT === 'reset') {
    wdt.onWatchdogTrigger = () => {
      wdt.alarm.enable = false;     // once: its alarm would fire again at the same instant
      wdt.timer.enable = false;
      if (report.watchdog) return;
      report.watchdog = { t_ms: rel(this.nanos), reason: wdt.reason };
      say(`watchdog reset at ${rel(this.nanos)} ms: the run ends here, as the chip resets`);
      this.fault = { code: 'watchdog', pc: this.mcu.core.PC };
      this.requestStop();
    };
  }
  if (env.PICOTABLE_VSYS) setVsys(parseTimeline(env.PICOTABLE_VSYS)[0].volts);
  if (env.PICOTABLE_VBUS === '1') this.mcu.gpio[VBUS_GPIO].setInputValue(true);
  let duty = null;
  const onChunk = this.onChunk;
  this.onChunk = () => {
    if (onChunk) onChunk();
    const d = backlightDuty();
    if (d !== duty && t0 !== null) {
      duty = d;
      event(`backlight ${d} %`, this.nanos);
    }
  };
  return out;
};

// -- the run's start: timelines relative to it ----------------------------------------------
const schedule = Buttons.prototype.schedule;
Buttons.prototype.schedule = function (events, t0Ns) {
  t0 = t0Ns;
  if (env.PICOTABLE_VSYS) {
    for (const p of parseTimeline(env.PICOTABLE_VSYS)) {
      board.at(t0 + p.t * 1e6, () => { setVsys(p.volts); event(`VSYS ${p.volts} V`, board.nanos); });
    }
  }
  for (const w of (env.PICOTABLE_WINDOWS || '').split(',').filter(Boolean)) {
    const [a, b] = w.split('-').map(Number);
    const win = { from_ms: a, to_ms: b };
    const sample = () => ({ t: board.nanos, idle: board.idleNs, stall: board.stallTotalNs });
    board.at(t0 + a * 1e6, () => { win.start = sample(); });
    board.at(t0 + b * 1e6, () => {
      const s = win.start;
      const e = sample();
      const span = e.t - s.t;
      win.busy_pct = +((100 * (span - (e.idle - s.idle) - (e.stall - s.stall))) / span).toFixed(2);
      win.busy_ms = +((span - (e.idle - s.idle) - (e.stall - s.stall)) / 1e6).toFixed(3);
      delete win.start;
    });
    report.windows.push(win);
  }
  for (const e of events) event(`${e.down ? 'press' : 'release'} ${e.name}`, t0 + e.t * 1e6);
  return schedule.call(this, events, t0Ns);
};

// -- the display's power commands -----------------------------------------------------------
const NAMES = { 0x10: 'SLPIN', 0x11: 'SLPOUT', 0x28: 'DISPOFF', 0x29: 'DISPON' };
const command = ST7789.prototype.command;
ST7789.prototype.command = function (c, tNs) {
  if (NAMES[c] && t0 !== null) event(NAMES[c], tNs);
  return command.call(this, c, tNs);
};

// -- a power cut inside a flash operation ---------------------------------------------------
// A NOR erase sets bits to 1, a program clears them; cut part-way, some bits have changed and
// some not. Modelled as each bit that the operation changes having changed with the probability
// of the elapsed fraction (a seeded generator), then the run ends at once: the worst case for
// the file system, which must cope by itself (littlefs checks every commit with a CRC).
let rngState = Number(env.PICOTABLE_CUT_SEED || 1) >>> 0 || 1;
function rnd() {
  rngState ^= rngState << 13; rngState >>>= 0;
  rngState ^= rngState >>> 17;
  rngState ^= rngState << 5; rngState >>>= 0;
  return rngState / 4294967296;
}

const onBreak = Board.prototype.onBreak;
Board.prototype.onBreak = function (code) {
  const isErase = code === 0xa0;
  if ((!isErase && code !== 0xa1) || !env.PICOTABLE_CUT_MS || t0 === null || report.cut) {
    if (code === 0xa0 || code === 0xa1) report.flash_ops++;
    return onBreak.call(this, code);
  }
  report.flash_ops++;
  const r = this.mcu.core.registers;
  const flash = this.mcu.flash;
  const start = this.nanos;
  const before = isErase ? null : flash.slice(r[0] >>> 0, (r[0] >>> 0) + (r[2] >>> 0));
  const region = isErase ? flash.slice(r[0] >>> 0, (r[0] >>> 0) + (r[1] >>> 0)) : null;
  const addr = r[0] >>> 0;
  const result = onBreak.call(this, code);      // the whole operation, and its time (stallNs)
  const cutNs = t0 + Number(env.PICOTABLE_CUT_MS) * 1e6;
  const dur = this.stallNs;
  if (cutNs < start || cutNs >= start + dur) return result;
  const frac = (cutNs - start) / dur;
  const done = isErase ? region : before;       // the bytes as they were before
  let changedBits = 0, keptBits = 0;
  for (let i = 0; i < done.length; i++) {
    const old = done[i];
    const full = flash[addr + i];               // after the whole operation
    let diff = old ^ full;
    let v = old;
    while (diff) {
      const bit = diff & -diff;
      diff &= diff - 1;
      if (rnd() < frac) { v ^= bit; changedBits++; } else keptBits++;
    }
    flash[addr + i] = v;
  }
  report.cut = {
    t_ms: rel(cutNs), inside: isErase ? 'erase' : 'program', addr: `0x${addr.toString(16)}`,
    bytes: done.length, fraction: +frac.toFixed(4), bits_changed: changedBits, bits_left: keptBits,
  };
  say(`power cut at ${rel(cutNs)} ms, ${(frac * 100).toFixed(1)} % into a ${report.cut.inside} of ${done.length} bytes at ${report.cut.addr}`);
  this.stallNs = Math.max(0, cutNs - start);
  this.fault = { code: 'power-cut', pc: this.mcu.core.PC };
  this.requestStop();
  return result;
};

// -- the end: the watchdog's registers and the report ---------------------------------------
const saveFlashImage = Board.prototype.saveFlashImage;
Board.prototype.saveFlashImage = function (file) {
  writeState();
  return saveFlashImage.call(this, file);
};

function writeState() {
  if (!board || writeState.done) return;
  writeState.done = true;
  const wdt = board.mcu.peripherals[WDT_BASE];
  if (env.PICOTABLE_WDT_OUT) {
    fs.writeFileSync(env.PICOTABLE_WDT_OUT, JSON.stringify({
      reason: report.watchdog ? 1 : wdt.reason, scratch: Array.from(wdt.scratchData),
    }));
  }
  if (env.PICOTABLE_REPORT) fs.writeFileSync(env.PICOTABLE_REPORT, JSON.stringify(report, null, 1));
}
process.on('exit', writeState);
