// The simulator's input recordings (host_sim/replay.py, docs/simulator.md), read in the page:
//   picotable-input 1 / seed S / settings HEX|- / accel none|sim|sensor,
//   then "count buttons x y z" per run of identical steps (x y z "-" where the read failed).
const MAGIC = "picotable-input 1";

export function parseRecording(text) {
  const rows = String(text).split(/\r?\n/).map(l => l.trim()).filter(l => l).map(l => l.split(/\s+/));
  if (!rows.length || rows[0].join(" ") !== MAGIC) throw new Error("not a picotable input recording");
  const head = {};
  for (const r of rows.slice(1, 4)) if (r.length === 2) head[r[0]] = r[1];
  const seed = Number(head.seed), settings = head.settings, accel = head.accel;
  if (!Number.isInteger(seed) || seed < 0 || seed > 0x3fffffff || settings === undefined ||
      !/^(-|([0-9a-f]{2})+)$/i.test(settings) || !["none", "sim", "sensor"].includes(accel)) {
    throw new Error("damaged input recording (its header)");
  }
  const runs = [];
  for (const r of rows.slice(4)) {
    const n = r.map(Number), ok = r[2] !== "-";
    if (r.length !== 5 || !Number.isInteger(n[0]) || n[0] < 1 || !Number.isInteger(n[1]) || n[1] < 0 ||
        n[1] > 511 || (ok && !n.slice(2).every(Number.isInteger))) {
      throw new Error("damaged input recording (line " + (runs.length + 5) + ")");
    }
    runs.push({ count: n[0], buttons: n[1], ok, x: ok ? n[2] : 0, y: ok ? n[3] : 0, z: ok ? n[4] : 0 });
  }
  return { seed, settings: settings === "-" ? "" : settings, accel, runs,
           total: runs.reduce((t, r) => t + r.count, 0) };
}

// step by step through a recording; after its end nothing is pressed and the sensor read fails
export class Player {
  constructor(rec) { this.rec = rec; this.run = 0; this.left = rec.runs.length ? rec.runs[0].count : 0; this.step = 0; }
  get done() { return this.step >= this.rec.total; }
  next() {
    this.step++;
    const runs = this.rec.runs;
    while (this.run < runs.length && this.left === 0) {
      this.run++;
      this.left = this.run < runs.length ? runs[this.run].count : 0;
    }
    if (this.run >= runs.length) return { buttons: 0, ok: false, x: 0, y: 0, z: 0 };
    this.left--;
    return runs[this.run];
  }
}
