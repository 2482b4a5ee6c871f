// The Pico's 2 MB QSPI flash, writable. rp2040js maps the flash array into the XIP
// window for reads but stubs the SSI and leaves IO_QSPI unimplemented, so the boot
// ROM's erase and program routines (what MicroPython's littlefs calls to save a file)
// would do nothing. Here the SSI, IO_QSPI's chip-select override and XIP_CTRL are
// small register models, and behind them a SPI NOR chip answers the commands the
// ROM, boot2 and pico-sdk send (a W25Q16JV, the Pico's: JEDEC ef 40 15).
import { BasePeripheral } from 'rp2040js';

// Typical busy times from the W25Q16JV datasheet, in emulated nanoseconds.
const BUSY_NS = { page: 0.4e6, 0x20: 45e6, 0x52: 120e6, 0xd8: 150e6, chip: 5e9 };
const ERASE_SIZE = { 0x20: 4096, 0x52: 32768, 0xd8: 65536 };
const JEDEC = [0xef, 0x40, 0x15];
const UNIQUE_ID = [0xe6, 0x60, 0x58, 0x38, 0x83, 0x5b, 0x2a, 0x30];

class NorChip {
  constructor(mem, clock, timed) {
    this.mem = mem; // rp2040js's flash array: offset 0 is XIP 0x10000000
    this.clock = clock;
    this.timed = timed;
    this.readyAt = 0;
    this.writeEnabled = false;
    this.status2 = 0x02; // quad enable set, so boot2 leaves the status registers alone
    this.selected = false;
    this.erases = 0;
    this.pages = 0;
  }

  busy() {
    return this.timed && this.clock.nanos < this.readyAt;
  }

  select(on) {
    if (on === this.selected) return;
    this.selected = on;
    if (on) {
      this.cmd = -1;
      this.args = [];
      this.addr = 0;
    } else this.finish();
  }

  // A command takes effect when chip select rises.
  finish() {
    const { cmd, args } = this;
    const wel = this.writeEnabled;
    if (cmd === 0x06) this.writeEnabled = true;
    else if (cmd === 0x04) this.writeEnabled = false;
    else if (cmd === 0x01 || cmd === 0x31) {
      const v = cmd === 0x01 ? args[1] : args[0];
      if (wel && v !== undefined) this.status2 = v & 0x7f;
      this.writeEnabled = false;
    } else if (cmd === 0x02) {
      if (wel && args.length > 3) this.setBusy(BUSY_NS.page);
      this.writeEnabled = false;
    } else if (ERASE_SIZE[cmd]) {
      const size = ERASE_SIZE[cmd];
      if (wel && args.length >= 3) {
        const at = ((args[0] << 16) | (args[1] << 8) | args[2]) & (this.mem.length - 1) & ~(size - 1);
        this.mem.fill(0xff, at, at + size);
        this.erases++;
        this.setBusy(BUSY_NS[cmd]);
      }
      this.writeEnabled = false;
    } else if (cmd === 0x60 || cmd === 0xc7) {
      if (wel) {
        this.mem.fill(0xff);
        this.erases++;
        this.setBusy(BUSY_NS.chip);
      }
      this.writeEnabled = false;
    }
  }

  setBusy(ns) {
    if (this.timed) this.readyAt = this.clock.nanos + ns;
    this.onBusy?.(ns); // a trace of the board's time (pico.mjs)
  }

  // One byte each way while selected.
  exchange(b) {
    if (!this.selected) return 0xff;
    if (this.cmd < 0) {
      // A busy chip answers only its status registers.
      this.cmd = this.busy() && b !== 0x05 && b !== 0x35 ? 0 : b;
      return 0xff;
    }
    const i = this.args.length;
    this.args.push(b);
    switch (this.cmd) {
      case 0x05:
        return (this.writeEnabled ? 2 : 0) | (this.busy() ? 1 : 0);
      case 0x35:
        return this.status2;
      case 0x9f:
        return i < 3 ? JEDEC[i] : 0xff;
      case 0x4b: // four dummy bytes, then the 64-bit unique id
        return i < 4 ? 0xff : UNIQUE_ID[(i - 4) % 8];
      case 0x03:
      case 0x0b: {
        const header = this.cmd === 0x03 ? 3 : 4;
        if (i < 3) this.addr = (this.addr << 8) | b;
        if (i < header) return 0xff;
        return this.mem[(this.addr + i - header) & (this.mem.length - 1)];
      }
      case 0x02:
        if (i < 3) this.addr = (this.addr << 8) | b;
        else if (this.writeEnabled) {
          // NOR: programming only clears bits; the address wraps within its 256-byte page
          const page = this.addr & (this.mem.length - 1) & ~0xff;
          this.mem[page + ((this.addr + i - 3) & 0xff)] &= b;
          if (i === 3) this.pages++;
        }
        return 0xff;
      default:
        return 0xff;
    }
  }
}

// XIP_SSI (0x18000000) in plain SPI mode. Chip select follows IO_QSPI's override when
// the firmware forces it (the ROM's flash routines do); otherwise the SSI holds it
// low while frames follow each other, as boot2's back-to-back writes to DR0 do.
class Ssi extends BasePeripheral {
  constructor(mcu, chip) {
    super(mcu, 'XIP_SSI');
    this.chip = chip;
    this.regs = new Map([[0x00, 0x70000]]);
    this.rx = [];
    this.forced = 0; // IO_QSPI SS OUTOVER: 0 normal, 2 low, 3 high
    this.frameEnd = -1; // when an automatic transfer's last frame ends
  }

  frameNs() {
    const bits = ((this.regs.get(0x00) >> 16) & 0x1f) + 1;
    const div = (this.regs.get(0x14) ?? 0) & 0xfffe || 2;
    return (bits * div * 1e9) / this.rp2040.clkSys;
  }

  autoBusy() {
    if (this.frameEnd < 0) return false;
    if (this.rp2040.clock.nanos <= this.frameEnd) return true;
    this.frameEnd = -1;
    if (!this.forced) this.chip.select(false);
    return false;
  }

  setForced(mode) {
    this.forced = mode;
    this.frameEnd = -1;
    this.chip.select(mode === 2);
  }

  send(value) {
    if (!(this.regs.get(0x08) & 1)) return;
    let got = 0xff;
    if (this.forced === 2) got = this.chip.exchange(value & 0xff);
    else if (this.forced === 0) {
      const now = this.rp2040.clock.nanos;
      if (!this.autoBusy()) this.chip.select(true);
      this.frameEnd = Math.max(now, this.frameEnd) + this.frameNs();
      got = this.chip.exchange(value & 0xff);
    }
    if (((this.regs.get(0x00) >> 8) & 3) !== 1 && this.rx.length < 16) this.rx.push(got);
  }

  readUint32(offset) {
    if (offset >= 0x60 && offset < 0xf0) return this.rx.length ? this.rx.shift() : 0; // DR0..DR35
    if (offset === 0x28) {
      // SR: TX FIFO empty and not full, RX not empty / full, busy
      const n = this.rx.length;
      return 6 | (n ? 8 : 0) | (n >= 16 ? 0x10 : 0) | (this.autoBusy() ? 1 : 0);
    }
    if (offset === 0x24) return this.rx.length; // RXFLR
    if (offset === 0x20) return 0; // TXFLR
    return this.regs.get(offset) ?? 0;
  }

  writeUint32(offset, value) {
    if (offset >= 0x60 && offset < 0xf0) return this.send(value);
    this.regs.set(offset, value >>> 0);
    if (offset === 0x08 && !(value & 1)) {
      this.rx = [];
      if (this.frameEnd >= 0 && !this.forced) this.chip.select(false);
      this.frameEnd = -1;
    }
  }
}

// IO_QSPI (0x40018000): six pins' STATUS/CTRL pairs; only the chip select's output
// override does anything.
class IoQspi extends BasePeripheral {
  constructor(mcu, ssi) {
    super(mcu, 'IO_QSPI');
    this.ssi = ssi;
    this.ctrl = new Uint32Array(6);
  }

  readUint32(offset) {
    return offset < 0x30 && offset & 4 ? this.ctrl[offset >> 3] : 0;
  }

  writeUint32(offset, value) {
    if (offset >= 0x30 || !(offset & 4)) return;
    const pin = offset >> 3;
    const before = (this.ctrl[1] >> 8) & 3;
    this.ctrl[pin] = value >>> 0;
    const after = (this.ctrl[1] >> 8) & 3;
    if (pin === 1 && after !== before) this.ssi.setForced(after);
  }
}

// XIP_CTRL (0x14000000): a cache flush is done at once.
class XipCtrl extends BasePeripheral {
  constructor(mcu) {
    super(mcu, 'XIP_CTRL');
    this.ctrl = 3;
  }

  readUint32(offset) {
    if (offset === 0) return this.ctrl;
    return offset === 8 ? 6 : 0; // STAT: flush ready, FIFO empty
  }

  writeUint32(offset, value) {
    if (offset === 0) this.ctrl = value;
  }
}

// Puts the models in place of rp2040js's; returns the chip (its erase and page counts).
export function writableFlash(mcu, timed = true) {
  const chip = new NorChip(mcu.flash, mcu.clock, timed);
  const ssi = new Ssi(mcu, chip);
  mcu.peripherals[0x18000] = ssi;
  mcu.peripherals[0x40018] = new IoQspi(mcu, ssi);
  mcu.peripherals[0x14000] = new XipCtrl(mcu);
  return chip;
}
