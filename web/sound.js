// The console's buzzer through WebAudio: a square wave of the asked pitch and length. Browsers
// let a page make sound only after a tap or a key, so the audio starts with the first one.
export class Sound {
  constructor() {
    this.ctx = null;
    this.osc = null;
    this.toneSeq = 0;
    this.stopSeq = 0;
  }

  unlock() {
    if (this.ctx) { if (this.ctx.state === "suspended") this.ctx.resume(); return; }
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return;
    try { this.ctx = new AC(); this.ctx.resume(); } catch (e) { this.ctx = null; }
  }

  tone(hz, ms) {
    this.stop();
    const ctx = this.ctx;
    if (!ctx || ctx.state !== "running" || !(hz > 0) || !(ms > 0)) return;
    const osc = ctx.createOscillator(), gain = ctx.createGain();
    osc.type = "square";
    osc.frequency.value = Math.min(hz, 20000);
    gain.gain.value = 0.06;
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + ms / 1000);
    this.osc = osc;
  }

  stop() {
    if (this.osc) { try { this.osc.stop(); } catch (e) { /* already stopped */ } this.osc = null; }
  }

  // after a call into the console: the tones and stops it asked for (io: webhw.py's fields)
  update(io, f) {
    if (io[f.stop_seq] !== this.stopSeq) { this.stopSeq = io[f.stop_seq]; this.stop(); }
    if (io[f.tone_seq] !== this.toneSeq) { this.toneSeq = io[f.tone_seq]; this.tone(io[f.tone_hz], io[f.tone_ms]); }
  }
}
