// Settings and saves in the browser's storage (docs/web.md). The console writes its own files
// (core/storage.py: magic, version, length, payload, CRC) into a folder of the runtime's
// in-memory filesystem; after each call that changed it, the folder is copied to localStorage,
// one key a file, base64. At boot the keys are written back into the folder, so the files
// survive a reload. When the browser refuses (storage off, or full), the console goes on with
// the files in memory and the page says so.
const PREFIX = "picotable/";
const OFF = "Saves are off in this browser: settings and games last until the page is closed.";
const FULL = "The browser's storage is full: new saves last only until the page is closed.";

function toBase64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromBase64(text) {
  const s = atob(text), out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

export class Saves {
  constructor(FS, dir, say) {
    this.FS = FS;
    this.dir = dir;
    this.say = say;
    this.kept = new Map();          // file name -> base64 as stored
    this.seq = 0;
    this.store = null;
    let s = null;
    try {
      s = window.localStorage;
      s.setItem(PREFIX + ".probe", "1");
      s.removeItem(PREFIX + ".probe");
      this.store = s;
    } catch (e) {
      if (s && e && e.name === "QuotaExceededError") {
        this.store = s;             // what is kept there still loads
        say(FULL);
      } else {
        say(OFF);
      }
    }
    FS.mkdirTree(dir);
    if (this.store) this.restore();
  }

  restore() {
    const s = this.store;
    for (let i = 0; i < s.length; i++) {
      const key = s.key(i);
      if (!key || !key.startsWith(PREFIX) || key.includes("/", PREFIX.length) || key === PREFIX + ".probe") continue;
      const name = key.slice(PREFIX.length), text = s.getItem(key);
      try {
        this.FS.writeFile(this.dir + "/" + name, fromBase64(text));
        this.kept.set(name, text);
      } catch (e) {
        this.say(`A saved file (${name}) could not be read: the console starts without it.`);
      }
    }
  }

  // copy the folder to the browser's storage: changed files written, deleted ones removed
  sync() {
    const s = this.store;
    if (!s) return;
    let names;
    try { names = this.FS.readdir(this.dir).filter(n => n !== "." && n !== ".."); } catch (e) { return; }
    try {
      for (const name of names) {
        const text = toBase64(this.FS.readFile(this.dir + "/" + name));
        if (this.kept.get(name) === text) continue;
        s.setItem(PREFIX + name, text);
        this.kept.set(name, text);
      }
      for (const name of [...this.kept.keys()]) {
        if (!names.includes(name)) { s.removeItem(PREFIX + name); this.kept.delete(name); }
      }
    } catch (e) {
      this.say(e && e.name === "QuotaExceededError" ? FULL : OFF);
    }
  }

  // after a call into the console
  update(io, f) {
    if (io[f.files_seq] !== this.seq) { this.seq = io[f.files_seq]; this.sync(); }
  }
}
