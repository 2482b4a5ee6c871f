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
//   {"op": "power", "image"}            a power cut: the board starts again on the flash it has, or with
//                                       its filesystem rewritten from `image` (a file) while the power was off
//   {"op": "watch", "gpio"}             from now on, record when the pin's output goes high or low
//   {"op": "levels", "gpio"}            what watch recorded: [[ms, 1 driven high / 0 not], ...], its first the level then
//   {"op": "link", "to", "uart", "tx", "rx"}  this board's UART TX pin wired to board `to`'s RX pin (its `uart`)
//   {"op": "trace"}                     from now on, record when the board is busy at its flash, sends on a
//                                       link or draws: the spans since the last trace request, a span
//                                       [kind, from ms, to ms, bytes] with kind "flash" (erasing or
//                                       programming), "tx" (bytes on its link's TX wire, bytes kept) or "i2c"
//                                       (panel data); activity less than TRACE_GAP_NS apart is one span
// A request may name its board ("board": 0, 1, ...; a boot with a new number adds
// one): the boards share one clock and run together, in steps shorter than a byte
// on a link, so a byte one sends arrives at the other when the wire has carried it.
// Every reply carries the emulated time, what the board printed since the last reply
// (base64), and why the run had to stop, if it did. Emulated time is the same on
// every run and machine: the figures taken from it do not depend on the host.
import { writeFileSync, readFileSync } from 'node:fs';
import { GPIOPinState } from 'rp2040js';
import { createInterface } from 'node:readline';
import { Chip, FS_OFFSET, flashFromUf2, readBootrom } from './chip.mjs';
import { Ssd1306, wireBlock, wirePins } from './panel.mjs';
import { Serial } from './usb.mjs';

const SLICE_NS = 10e6;
const BUSY_SHARE = 0.25; // settled: the CPU busy at most this share of the quiet spell
const LOCKSTEP_NS = 50e3; // linked boards run in turns this long: under a byte's time at 115200 baud (87 us)
const FUNCTION_UART = 2; // a GPIO's function select when a UART drives it
const BAUD_SLACK = 0.03; // a receiver at a baud this far off reads garbage
const TRACE_GAP_NS = 1e6; // one span of a trace: a byte every 87 us on a link, a frame's I2C bytes, a save's erases

// One direction of a link cable: what board `from`'s UART sends on its TX pin
// reaches board `to`'s UART by its RX pin, a byte every 10 bit-times (8N1) at the
// sender's baud rate, as the wire carries it; lost when a pin is not the UART's
// (not set up, or another pin), the receiver is off or at another speed, its FIFO
// full, or it was reset while the byte was on the wire.
class Wire {
  constructor(from, to, uart, tx, rx) {
    Object.assign(this, { from, to, uart, tx, rx });
    this.queue = []; // [arrival ns, byte, baud]
    this.free = 0; // when the line is idle again
    this.sent = 0;
    this.lost = 0;
  }

  // (Again) on a new chip at either end.
  attach() {
    this.from.chip.mcu.uart[this.uart].onByte = (b) => this.carry(b);
    this.alarm?.cancel(); // one alarm: the sender's restart leaves the receiver's clock as it was
    this.alarm = this.to.chip.mcu.clock.createAlarm(() => this.deliver());
    if (this.queue.length) this.schedule();
  }

  carry(b) {
    const mcu = this.from.chip.mcu;
    const baud = mcu.uart[this.uart].baudRate;
    if (mcu.gpio[this.tx].functionSelect !== FUNCTION_UART || !baud) {
      this.lost++;
      return;
    }
    this.free = Math.max(this.from.now(), this.free) + 10e9 / baud;
    this.from.note('tx', this.free - 10e9 / baud, this.free, b);
    this.queue.push([this.free, b, baud]);
    if (this.queue.length === 1) this.schedule();
  }

  schedule() {
    this.alarm.schedule(Math.max(0, this.queue[0][0] - this.to.now()));
  }

  deliver() {
    const [, b, baud] = this.queue.shift();
    const mcu = this.to.chip.mcu;
    const rx = mcu.uart[this.uart];
    if (mcu.gpio[this.rx].functionSelect === FUNCTION_UART && rx.enabled && rx.rxEnabled && !rx.rxFIFO.full
        && Math.abs(rx.baudRate - baud) <= BAUD_SLACK * baud) {
      rx.feedByte(b);
      this.sent++;
    } else this.lost++;
    if (this.queue.length) this.schedule();
  }
}

const picos = [];

// Every board to emulated time t (ns); linked boards in turns of LOCKSTEP_NS.
function runAll(t) {
  if (picos.length === 1) return picos[0].runTo(t);
  for (;;) {
    const now = Math.min(...picos.map((p) => p.now()));
    if (now >= t || picos.some((p) => p.chip.stopped)) return;
    const step = Math.min(t, now + LOCKSTEP_NS);
    for (const p of picos) p.runTo(step);
  }
}

class Pico {
  constructor(req) {
    this.req = req;
    this.bootrom = readBootrom(req.bootrom);
    this.flash = flashFromUf2(req.firmware);
    if (req.image) this.flash.set(readFileSync(req.image), FS_OFFSET);
    this.boots = 0;
    this.held = new Set();
    this.watched = new Map(); // gpio -> [[ms, level], ...]
    this.wires = []; // the links it sends or receives on
    // a board added to a running world starts at its time
    this.base = picos.length ? Math.max(...picos.map((p) => p.now())) : 0;
    this.start(true);
  }

  // Power-up (panel too) or, after the watchdog, a reset of the chip alone.
  start(power, image) {
    if (this.chip) {
      this.base += this.chip.nanos;
      this.flash = this.chip.mcu.flash;
    }
    if (image) this.flash.set(readFileSync(image), FS_OFFSET);
    this.chip = new Chip(this.bootrom, this.flash);
    this.boots++;
    const mcu = this.chip.mcu;
    const { bus, sda, scl, address } = this.req;
    if (power || !this.panel) this.panel = new Ssd1306(address);
    this.panel.now = () => this.now();
    this.panel.onData = () => this.note('i2c', this.now(), this.now());
    this.chip.flashChip.onBusy = (ns) => this.note('flash', this.now(), this.now() + ns);
    wireBlock(mcu, bus, sda, scl, this.panel);
    wirePins(mcu, sda, scl, this.panel);
    const old = this.serial;
    this.serial = new Serial(mcu);
    if (old) this.serial.out = old.out; // unread output survives the reset
    for (const [name, gpio] of Object.entries(this.req.buttons)) this.setButton(name, this.held.has(name) && !power);
    if (power) this.held.clear();
    for (const gpio of this.watched.keys()) this.listen(gpio);
    for (const w of this.wires) w.attach();
  }

  level(gpio) {
    return this.chip.mcu.gpio[gpio].value === GPIOPinState.High ? 1 : 0;
  }

  // Records each change of the pin's output level (a new chip: listened to again).
  listen(gpio) {
    const log = this.watched.get(gpio);
    const note = () => {
      const now = this.level(gpio);
      if (log[log.length - 1][1] !== now) log.push([this.now() / 1e6, now]);
    };
    note();
    this.chip.mcu.gpio[gpio].addListener(note);
  }

  now() {
    return this.base + this.chip.nanos;
  }

  // Adds activity from t0 to t1 (ns) to the trace, once asked for: to the last span
  // of its kind when that ended less than TRACE_GAP_NS before.
  note(kind, t0, t1, b) {
    const tr = this.trace;
    if (!tr) return;
    let s = this.spans[kind];
    if (!s || t0 - s[2] * 1e6 >= TRACE_GAP_NS) {
      s = this.spans[kind] = [kind, t0 / 1e6, t1 / 1e6, []];
      tr.push(s);
    }
    s[2] = Math.max(s[2], t1 / 1e6);
    if (b !== undefined) s[3].push(b);
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
      runAll(t + SLICE_NS);
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
      runAll(t + SLICE_NS);
    }
  }

  handle(req) {
    const out = {};
    if (req.op === 'run') runAll(this.now() + req.ms * 1e6);
    else if (req.op === 'press') {
      this.setButton(req.button, true);
      runAll(this.now() + req.hold * 1e6);
      this.setButton(req.button, false);
    } else if (req.op === 'settle') out.settled = this.settle(req.quiet * 1e6, req.limit * 1e6);
    else if (req.op === 'await') out.settled = this.await(req.want, req.quiet * 1e6, req.limit * 1e6);
    else if (req.op === 'send') this.serial.send(Buffer.from(req.data, 'base64'));
    else if (req.op === 'panel') out.panel = this.panel.state();
    else if (req.op === 'fs') writeFileSync(req.path, this.chip.fsImage());
    else if (req.op === 'power') this.start(true, req.image);
    else if (req.op === 'watch') {
      this.watched.set(req.gpio, [[this.now() / 1e6, this.level(req.gpio)]]);
      this.listen(req.gpio);
    } else if (req.op === 'levels') out.levels = this.watched.get(req.gpio) ?? null;
    else if (req.op === 'trace') {
      out.trace = this.trace ?? [];
      this.trace = [];
      this.spans = {}; // kind -> its last span (one handed over is not extended)
    } else if (req.op === 'link') {
      const to = picos[req.to];
      if (!to) throw new Error(`no board ${req.to} to link to`);
      const w = new Wire(this, to, req.uart, req.tx, req.rx);
      this.wires.push(w);
      if (to !== this) to.wires.push(w);
      w.attach();
    } else throw new Error(`unknown request ${JSON.stringify(req.op)}`);
    return out;
  }

  reply(out) {
    const c = this.chip;
    const wires = this.wires.filter((w) => w.from === this).map((w) => ({ to: picos.indexOf(w.to), sent: w.sent, lost: w.lost }));
    return { ...out, ms: this.now() / 1e6, wires, serial: this.serial.take().toString('base64'), stopped: c.stopped,
      boots: this.boots, clk: c.mcu.clkSys, cycles: c.cycles, panelBytes: this.panel.bytes,
      panelFrames: this.panel.frames.length, drawn: this.panel.lastWrite / 1e6, erases: c.flashChip.erases, pages: c.flashChip.pages };
  }
}

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  let reply;
  try {
    const req = JSON.parse(line);
    const k = req.board ?? 0;
    if (req.op === 'boot') {
      if (k !== picos.length) throw new Error(`boot board ${picos.length} next, not ${k}`);
      picos.push(new Pico(req));
      reply = picos[k].reply({});
    } else if (!picos[k]) throw new Error(`boot board ${k} first`);
    else reply = picos[k].reply(picos[k].handle(req));
  } catch (e) {
    reply = { error: String(e.stack || e) };
  }
  process.stdout.write(JSON.stringify(reply) + '\n');
}
