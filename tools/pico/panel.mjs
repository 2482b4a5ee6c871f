// An SSD1306 128x64 panel on the Pico's I2C pins. Bytes reach it two ways, as on a
// board: through the RP2040's I2C block (each START, byte and STOP taking its bus time
// at the SCL rate the firmware programmed), and bit by bit on the pins when the
// firmware drives them itself (the rp2 port bit-bangs I2C.scan()'s empty writes;
// SoftI2C). It answers only if the firmware routed the wired pins to the bus used.
import { I2CMode } from 'rp2040js';

// SSD1306 commands followed by argument bytes, and how many.
const ARGS = { 0x81: 1, 0x20: 1, 0x21: 2, 0x22: 2, 0xa8: 1, 0xd3: 1, 0xda: 1, 0xd5: 1, 0xd9: 1, 0xdb: 1, 0x8d: 1,
  0xa3: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2a: 5, 0xd6: 1, 0xad: 1 };

export class Ssd1306 {
  constructor(address) {
    this.address = address;
    this.ram = new Uint8Array(1024);
    this.on = false;
    this.contrast = 0x7f;
    this.inverted = false;
    this.allOn = false;
    this.segRemap = false;
    this.comRemap = false;
    this.mode = 2; // page addressing after reset
    this.col0 = 0; this.col1 = 127; this.page0 = 0; this.page1 = 7;
    this.col = 0; this.page = 0;
    this.pending = null; // a command waiting for its arguments
    this.bytes = 0; // every byte addressed to the panel, control bytes too
    this.dataBytes = 0;
    this.filled = new Uint8Array(1024); // RAM bytes written since the last full frame
    this.fillCount = 0;
    this.frames = []; // emulated ns at which each full frame completed
    this.lastWrite = 0; // emulated ns of the last data byte
    this.now = () => 0;
  }

  // A transaction addressed to the panel: a control byte (Co, D/C#), its payload, ...
  begin() {
    this.control = true;
    this.stream = false;
    this.data = false;
  }

  byte(b) {
    this.bytes++;
    if (this.control) {
      this.stream = !(b & 0x80);
      this.data = !!(b & 0x40);
      this.control = false;
      return;
    }
    if (this.data) this.store(b);
    else this.command(b);
    if (!this.stream) this.control = true;
  }

  command(b) {
    const p = this.pending;
    if (p) {
      p.args.push(b);
      if (p.args.length === ARGS[p.cmd]) {
        this.pending = null;
        this.execute(p.cmd, p.args);
      }
    } else if (ARGS[b]) this.pending = { cmd: b, args: [] };
    else this.execute(b, []);
  }

  execute(c, a) {
    if (c === 0xae || c === 0xaf) this.on = c === 0xaf;
    else if (c === 0x81) this.contrast = a[0];
    else if (c === 0x20) this.mode = a[0] & 3;
    else if (c === 0x21) { this.col0 = this.col = a[0] & 127; this.col1 = a[1] & 127; }
    else if (c === 0x22) { this.page0 = this.page = a[0] & 7; this.page1 = a[1] & 7; }
    else if (c === 0xa0 || c === 0xa1) this.segRemap = c === 0xa1;
    else if (c === 0xc0 || c === 0xc8) this.comRemap = c === 0xc8;
    else if (c === 0xa6 || c === 0xa7) this.inverted = c === 0xa7;
    else if (c === 0xa4 || c === 0xa5) this.allOn = c === 0xa5;
    else if (c >= 0xb0 && c <= 0xb7) this.page = c & 7; // page mode: page start
    else if (c < 0x10) this.col = (this.col & 0xf0) | c; // page mode: column low nibble
    else if (c < 0x20) this.col = ((c & 7) << 4) | (this.col & 15);
    // the rest (timing, charge pump, multiplex, offsets, scrolling) changes no pixel here
  }

  store(b) {
    const at = this.page * 128 + this.col;
    this.ram[at] = b;
    this.dataBytes++;
    this.lastWrite = this.now();
    this.onData?.();
    if (!this.filled[at]) {
      this.filled[at] = 1;
      if (++this.fillCount === 1024) {
        this.frames.push(this.lastWrite);
        this.filled.fill(0);
        this.fillCount = 0;
      }
    }
    if (this.mode === 0) { // horizontal: along the columns, then the next page
      if (this.col < this.col1) this.col++;
      else { this.col = this.col0; this.page = this.page < this.page1 ? this.page + 1 : this.page0; }
    } else if (this.mode === 1) { // vertical: down the pages, then the next column
      if (this.page < this.page1) this.page++;
      else { this.page = this.page0; this.col = this.col < this.col1 ? this.col + 1 : this.col0; }
    } else this.col = (this.col + 1) & 127;
  }

  // What the glass shows, as hex of RAM bytes: nothing while off, every pixel under
  // "entire display on", inverted under "inverse" (as tools/host/devices.py's panel).
  shown() {
    if (!this.on) return '00'.repeat(1024);
    if (this.allOn) return 'ff'.repeat(1024);
    return Buffer.from(this.inverted ? this.ram.map((b) => b ^ 0xff) : this.ram).toString('hex');
  }

  // What the Python side needs to draw the glass: the RAM and the state over it.
  state() {
    return { ram: Buffer.from(this.ram).toString('hex'), on: this.on, inverted: this.inverted, allOn: this.allOn,
      contrast: this.contrast, upright: this.segRemap === this.comRemap };
  }
}

// Bus time for `bits` SCL periods at the rate programmed into the block.
function bitNs(mcu, ctrl, bits) {
  const period = ctrl.sclHighPeriod + ctrl.sclLowPeriod;
  return (bits * period * 1e9) / mcu.clkSys;
}

// The panel on I2C block `bus`, wired to GPIOs sda and scl.
export function wireBlock(mcu, bus, sda, scl, panel) {
  const ctrl = mcu.i2c[bus];
  const TX_EMPTY = 1 << 4;
  const alarm = mcu.clock.createAlarm(() => {
    const done = later;
    later = null;
    done();
  });
  let later = null;
  let target = null;
  let inFlight = false; // a byte is still on the wire
  let emptyOwed = false;
  const after = (bits, fn) => {
    later = fn;
    alarm.schedule(bitNs(mcu, ctrl, bits));
  };
  const routed = () => mcu.gpio[sda].functionSelect === 3 && mcu.gpio[scl].functionSelect === 3;
  // With IC_CON.TX_EMPTY_CTRL (pico-sdk sets it) TX_EMPTY means the FIFO is empty and
  // the last byte has left the shift register, so the firmware waits out each byte.
  const raise = ctrl.setInterrupts.bind(ctrl);
  ctrl.setInterrupts = (mask) => {
    if (mask & TX_EMPTY && inFlight) {
      emptyOwed = true;
      mask &= ~TX_EMPTY;
    }
    if (mask) raise(mask);
  };
  const sent = () => {
    inFlight = false;
    if (emptyOwed && ctrl.txFIFO.itemCount <= ctrl.txThreshold) raise(TX_EMPTY);
    emptyOwed = false;
  };
  // An abort flushes the FIFO, which leaves it empty: say so, or a NACK reads as a timeout.
  const abort = ctrl.abort.bind(ctrl);
  ctrl.abort = (reason) => {
    abort(reason);
    inFlight = emptyOwed = false;
    raise(TX_EMPTY);
  };
  ctrl.onStart = () => after(1, () => ctrl.completeStart());
  ctrl.onConnect = (address, mode) => {
    after(9, () => {
      target = routed() && address === panel.address && mode === I2CMode.Write ? panel : null;
      if (target) target.begin();
      ctrl.completeConnect(!!target);
    });
  };
  ctrl.onWriteByte = (value) => {
    inFlight = true;
    after(9, () => {
      target?.byte(value);
      sent();
      ctrl.completeWrite(!!target);
    });
  };
  ctrl.onReadByte = () => {
    inFlight = true;
    after(9, () => {
      sent();
      ctrl.completeRead(0xff);
    });
  };
  ctrl.onStop = () => {
    target = null;
    after(1, () => ctrl.completeStop());
  };
}

// The same two wires seen level by level, with the module's pull-ups: a START, the
// address (ACKed if it is the panel's), bytes ACKed and handed to the panel, a STOP.
export function wirePins(mcu, sda, scl, panel) {
  const pins = [mcu.gpio[sda], mcu.gpio[scl]];
  const SIO = 5;
  let pullSda = false; // the panel holds SDA low (its ACK)
  let level = [true, true];
  let bit = 0;
  let shift = 0;
  let state = 'idle'; // idle | address | data | ignore
  let ackNext = false; // the 9th clock is the panel's
  const hostLow = (p) => p.functionSelect === SIO && p.outputEnable && !p.outputValue;
  const drive = () => {
    const now = [!hostLow(pins[0]) && !pullSda, !hostLow(pins[1])];
    for (let i = 0; i < 2; i++) if (now[i] !== pins[i].inputValueSeen) {
      pins[i].inputValueSeen = now[i];
      pins[i].setInputValue(now[i]);
    }
    return now;
  };
  const update = () => {
    const was = level;
    level = drive();
    const [d, c] = level;
    if (c && was[1] && d !== was[0]) { // SDA moved while SCL was high: START or STOP
      state = d ? 'idle' : 'address';
      bit = shift = 0;
      ackNext = false;
      return;
    }
    if (c && !was[1] && !ackNext && (state === 'address' || state === 'data')) { // a bit
      shift = ((shift << 1) | (d ? 1 : 0)) & 0xff;
      bit++;
    } else if (!c && was[1]) { // SCL fell
      if (ackNext) { // the ACK clock is over
        ackNext = false;
        pullSda = false;
        level = drive();
      } else if (bit === 8) {
        bit = 0;
        let ack = false;
        if (state === 'address') {
          ack = shift >> 1 === panel.address && !(shift & 1);
          if (ack) panel.begin();
          state = ack ? 'data' : 'ignore';
        } else if (state === 'data') {
          panel.byte(shift);
          ack = true;
        }
        if (ack) {
          ackNext = true;
          pullSda = true;
          level = drive();
        }
      }
    }
  };
  for (const p of pins) {
    p.inputValueSeen = null;
    p.addListener(update);
  }
  drive();
}
