// The RP2040 of an emulated Pico: rp2040js's core and peripherals with the boot ROM,
// MicroPython's firmware and filesystem in a writable flash, run against emulated
// time: the clock advances by the cycles executed at the clk_sys the firmware
// programmed, and jumps over the time the core sleeps (WFI/WFE) to its next event.
import { readFileSync } from 'node:fs';
import { RP2040 } from 'rp2040js';
import { writableFlash } from './flash.mjs';

export const FLASH_BYTES = 2 * 1024 * 1024;
// MicroPython's rp2 port, board RPI_PICO: the filesystem is the last 1408 KB of flash.
export const FS_OFFSET = 0xa0000;
export const FS_BYTES = 1408 * 1024;
const UF2_MAGIC = [0x0a324655, 0x9e5d5157];
const RP2040_FAMILY = 0xe48bff56;
const SRAM = 0x20000000;
const XIP = 0x10000000;

// The 2 MB flash image a .uf2 writes (the rest erased).
export function flashFromUf2(path) {
  const uf2 = readFileSync(path);
  const flash = new Uint8Array(FLASH_BYTES).fill(0xff);
  for (let at = 0; at < uf2.length; at += 512) {
    const word = (i) => uf2.readUInt32LE(at + 4 * i);
    if (word(0) !== UF2_MAGIC[0] || word(1) !== UF2_MAGIC[1]) throw new Error(`${path}: not a UF2 block at ${at}`);
    if (word(2) & 1) continue; // not for main flash
    if (word(2) & 0x2000 && word(7) !== RP2040_FAMILY) throw new Error(`${path}: a block for another chip family`);
    const where = word(3) - XIP;
    const size = word(4);
    if (where < 0 || where + size > FS_OFFSET) throw new Error(`${path}: a block outside the firmware's part of flash`);
    flash.set(uf2.subarray(at + 32, at + 32 + size), where);
  }
  return flash;
}

export function readBootrom(path) {
  const bytes = readFileSync(path);
  if (bytes.length !== 16384) throw new Error(`${path}: a boot ROM is 16384 bytes, not ${bytes.length}`);
  return new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
}

export class Chip {
  // flash: the whole 2 MB image (copied in; the chip writes its own copy).
  constructor(bootrom, flash, log) {
    const mcu = new RP2040();
    this.mcu = mcu;
    this.stopped = null; // why the run must stop: a panic, a second core, an emulator error
    this.rebootAsked = false; // the watchdog fired (machine.reset())
    mcu.logger = {
      debug() {},
      info() {},
      warn() {},
      error: (part, msg) => {
        this.stopped ??= `emulator error in ${part}: ${msg} at PC 0x${(mcu.core.PC >>> 0).toString(16)}`;
      },
    };
    mcu.loadBootrom(bootrom);
    this.flashChip = writableFlash(mcu);
    mcu.flash.set(flash);
    mcu.onBreak = (code) => {
      this.stopped ??= `breakpoint ${code} at PC 0x${(mcu.core.PC >>> 0).toString(16)} (a firmware panic)`;
    };
    mcu.peripherals[0x40058].onWatchdogTrigger = () => {
      this.rebootAsked = true;
    };
    this.stubCore1();
    this.uartTxInterrupts();
    this.fastMemory();
    // Straight into boot2 at the start of flash, as the ROM would jump after finding it.
    mcu.core.PC = XIP;
    this.nsPerCycle = 1e9 / mcu.clkSys;
    mcu.addClockListener((hz) => {
      this.nsPerCycle = 1e9 / hz;
    });
    this.sleptNs = 0;
    this.cycles = 0;
    this.log = log;
  }

  get nanos() {
    return this.mcu.clock.nanos;
  }

  // Plain SRAM and flash words skip rp2040js's peripheral look-up on every access
  // (same results, same cycle counts; about a sixth quicker).
  fastMemory() {
    const mcu = this.mcu;
    const sram = mcu.sramView;
    const flash = mcu.flashView;
    const sramEnd = SRAM + mcu.sram.length;
    const flashEnd = XIP + mcu.flash.length;
    const read = mcu.readUint32.bind(mcu);
    const write = mcu.writeUint32.bind(mcu);
    mcu.readUint32 = (a) => {
      if (!(a & 3)) {
        if (a >= SRAM && a < sramEnd) return sram.getUint32(a - SRAM, true);
        if (a >= XIP && a < flashEnd) return flash.getUint32(a - XIP, true);
      }
      return read(a);
    };
    mcu.writeUint32 = (a, v) => {
      if (!(a & 3) && a >= SRAM && a < sramEnd) sram.setUint32(a - SRAM, v, true);
      else write(a, v);
    };
  }

  // rp2040js runs core 0 alone and has no inter-core FIFO. Core 1 is modelled as
  // sitting in the ROM's wait loop: released from reset (every soft reset does it),
  // it answers the handshake with a 0 in core 0's FIFO; anything core 0 sends it to
  // start code (_thread) stops the run, as nothing would run that code.
  stubCore1() {
    const mcu = this.mcu;
    const sio = mcu.sio;
    const fromCore1 = [];
    const sioRead = sio.readUint32.bind(sio);
    const sioWrite = sio.writeUint32.bind(sio);
    sio.readUint32 = (offset) => {
      if (offset === 0x50) return 2 | (fromCore1.length ? 1 : 0); // FIFO_ST: ready, valid
      if (offset === 0x58) return fromCore1.length ? fromCore1.shift() : 0; // FIFO_RD
      return sioRead(offset);
    };
    sio.writeUint32 = (offset, value) => {
      if (offset === 0x54) this.stopped ??= 'the firmware starts core 1 (_thread), which this emulator does not run';
      else if (offset !== 0x50) sioWrite(offset, value);
    };
    const psm = mcu.peripherals[0x40010];
    const psmWrite = psm.writeUint32.bind(psm);
    const PROC1 = 1 << 16;
    psm.writeUint32 = (offset, value) => {
      const was = psm.frceOff & PROC1;
      psmWrite(offset, value);
      if (offset === 4 && was && !(psm.frceOff & PROC1)) {
        fromCore1.length = 0;
        fromCore1.push(0);
        mcu.core.eventRegistered = true; // its SEV wakes core 0's WFE
      }
    };
  }

  // rp2040js raises a UART's TX interrupt whenever it looks at its interrupts, so
  // once MicroPython's machine.UART enables it (it always does) the core never
  // leaves the handler. Its TX FIFO empties at once, so the PL011's interrupt (the
  // FIFO falling through its trigger level) comes after each write of a byte, and
  // stays off once cleared.
  uartTxInterrupts() {
    const TXINTR = 1 << 5;
    for (const uart of this.mcu.uart) {
      uart.checkInterrupts = () => uart.rp2040.setInterrupt(uart.irq, !!(uart.interruptStatus & uart.interruptMask));
      const write = uart.writeUint32.bind(uart);
      uart.writeUint32 = (offset, value) => {
        write(offset, value);
        if (offset === 0) { // UARTDR
          uart.interruptStatus |= TXINTR;
          uart.checkInterrupts();
        }
      };
    }
  }

  // Runs until emulated time reaches `until` (nanoseconds since reset), or the run
  // must stop, or the watchdog asks for a reboot.
  runUntil(until) {
    const mcu = this.mcu;
    const core = mcu.core;
    const clock = mcu.clock;
    while (clock.nanos < until && !this.stopped && !this.rebootAsked) {
      if (core.waiting) {
        // to the next event only: it may wake the core
        const next = clock.nextAlarm;
        const dt = Math.max(0, Math.min(next ? next.nanos : until, until) - clock.nanos);
        clock.tick(dt);
        this.sleptNs += dt;
        continue;
      }
      let n = 0;
      for (let i = 0; i < 512 && !core.waiting; i++) {
        const c = core.executeInstruction();
        n += c;
        clock.tick(c * this.nsPerCycle);
      }
      this.cycles += n;
    }
  }

  fsImage() {
    return this.mcu.flash.slice(FS_OFFSET, FS_OFFSET + FS_BYTES);
  }
}
