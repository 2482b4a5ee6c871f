// An emulated Raspberry Pi Pico with the Joker Pocket wiring, driven by tools/pico
// (Python) over stdin/stdout: one JSON request a line, one JSON reply a line.
//   {"op": "boot", "firmware", "bootrom", "image", "bus", "sda", "scl", "address", "buttons": {"A": 14, ...}}
//   {"op": "run", "ms"}                 emulated milliseconds
//   {"op": "press", "button", "hold"}   a button held `hold` ms, then released
//   {"op": "settle", "quiet", "limit"}  until the panel has not changed for `quiet` ms with the CPU mostly asleep
//   {"op": "await", "want", "quiet", "limit"}  until the glass shows `want` (hex), then `quiet` ms more
//   {"op": "send", "data"}              bytes (base64) typed into the USB serial port
//   {"op": "panel"}                     the panel's RAM and state
//   {"op": "fs", "path"}                the filesystem's part of flash written to a file
//   {"op": "power"}                     a power cut: the board starts again on the flash it has
// Every reply carries the emulated time, what the board printed since the last reply
// (base64), and why the run had to stop, if it did. Emulated time is the same on
// every run and machine: the figures taken from it do not depend on the host.
import { writeFileSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Chip, FS_OFFSET, flashFromUf2, readBootrom } from './chip.mjs';
import { Ssd1306, wireBlock, wirePins } from './panel.mjs';
import { Serial } from './usb.mjs';

const SLICE_NS = 10e6;
const BUSY_SHARE = 0.25; // settled: the CPU busy at most this share of the quiet spell

class Pico {
  constructor(req) {
    this.req = req;
    this.bootrom = readBootrom(req.bootrom);
    this.flash = flashFromUf2(req.firmware);
    if (req.image) this.flash.set(readFileSync(req.image), FS_OFFSET);
    this.base = 0; // ns of the boots before this one
    this.boots = 0;
    this.held = new Set();
    this.start(true);
  }

  // Power-up (panel too) or, after the watchdog, a reset of the chip alone.
  start(power) {
    if (this.chip) {
      this.base += this.chip.nanos;
      this.flash = this.chip.mcu.flash;
    }
    this.chip = new Chip(this.bootrom, this.flash);
    this.boots++;
    const mcu = this.chip.mcu;
    const { bus, sda, scl, address } = this.req;
    if (power || !this.panel) this.panel = new Ssd1306(address);
    this.panel.now = () => this.now();
    wireBlock(mcu, bus, sda, scl, this.panel);
    wirePins(mcu, sda, scl, this.panel);
    const old = this.serial;
    this.serial = new Serial(mcu);
    if (old) this.serial.out = old.out; // unread output survives the reset
    for (const [name, gpio] of Object.entries(this.req.buttons)) this.setButton(name, this.held.has(name) && !power);
    if (power) this.held.clear();
  }

  now() {
    return this.base + this.chip.nanos;
  }

  setButton(name, down) {
    const gpio = this.req.buttons[name];
    if (gpio === undefined) throw new Error(`no button ${name} (the board has ${Object.keys(this.req.buttons).join(' ')})`);
    if (down) this.held.add(name);
    else this.held.delete(name);
    // to GND when pressed; released, the pad's pull-up holds it high
    this.chip.mcu.gpio[gpio].setInputValue(!down);
  }

  // Runs to an absolute emulated time, resetting the chip when the watchdog fires.
  runTo(t) {
    // in the chip's own time: base + nanos may round below t when nanos has reached t - base
    for (;;) {
      const until = t - this.base;
      if (this.chip.nanos >= until || this.chip.stopped) return;
      this.chip.runUntil(until);
      if (this.chip.rebootAsked) this.start(false);
    }
  }

  settle(quietNs, limitNs) {
    const end = this.now() + limitNs;
    const marks = []; // [time, ns slept so far]
    for (;;) {
      const t = this.now();
      const slept = this.base + this.chip.sleptNs;
      marks.push([t, slept]);
      while (marks.length > 1 && marks[1][0] <= t - quietNs) marks.shift();
      const [t0, s0] = marks[0];
      const span = t - t0;
      if (span >= quietNs && t - this.panel.lastWrite >= quietNs && span - (slept - s0) <= BUSY_SHARE * span) return true;
      if (t >= end || this.chip.stopped) return false;
      this.runTo(t + SLICE_NS);
    }
  }

  // Until the glass shows `want` (hex of what the panel shows: its RAM, blank while
  // off) and has stayed so for `quiet` ns with the CPU mostly asleep.
  await(want, quietNs, limitNs) {
    const end = this.now() + limitNs;
    let since = -1;
    let slept = 0;
    for (;;) {
      const t = this.now();
      if (this.panel.shown() !== want) since = -1;
      else if (since < 0) {
        since = t;
        slept = this.base + this.chip.sleptNs;
      } else if (t - since >= quietNs) {
        const busy = t - since - (this.base + this.chip.sleptNs - slept);
        if (busy <= BUSY_SHARE * (t - since)) return true;
        since = -1;
      }
      if (t >= end || this.chip.stopped) return false;
      this.runTo(t + SLICE_NS);
    }
  }

  handle(req) {
    const out = {};
    if (req.op === 'run') this.runTo(this.now() + req.ms * 1e6);
    else if (req.op === 'press') {
      this.setButton(req.button, true);
      this.runTo(this.now() + req.hold * 1e6);
      this.setButton(req.button, false);
    } else if (req.op === 'settle') out.settled = this.settle(req.quiet * 1e6, req.limit * 1e6);
    else if (req.op === 'await') out.settled = this.await(req.want, req.quiet * 1e6, req.limit * 1e6);
    else if (req.op === 'send') this.serial.send(Buffer.from(req.data, 'base64'));
    else if (req.op === 'panel') out.panel = this.panel.state();
    else if (req.op === 'fs') writeFileSync(req.path, this.chip.fsImage());
    else if (req.op === 'power') this.start(true);
    else throw new Error(`unknown request ${JSON.stringify(req.op)}`);
    return out;
  }

  reply(out) {
    const c = this.chip;
    return { ...out, ms: this.now() / 1e6, serial: this.serial.take().toString('base64'), stopped: c.stopped,
      boots: this.boots, clk: c.mcu.clkSys, cycles: c.cycles, panelBytes: this.panel.bytes,
      panelFrames: this.panel.frames.length, drawn: this.panel.lastWrite / 1e6, erases: c.flashChip.erases, pages: c.flashChip.pages };
  }
}

let pico = null;
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  let reply;
  try {
    const req = JSON.parse(line);
    if (req.op === 'boot') {
      pico = new Pico(req);
      reply = pico.reply({});
    } else if (!pico) throw new Error('boot first');
    else reply = pico.reply(pico.handle(req));
  } catch (e) {
    reply = { error: String(e.stack || e) };
  }
  process.stdout.write(JSON.stringify(reply) + '\n');
}
